import { InlineSkeleton } from '@/components/ui/skeleton';
import { useStationInfo } from '@/lib/station-info';

/**
 * The station's name as the server configures it; a placeholder of about its width meanwhile,
 * inline like the name (it stands in a <p> in the footer).
 */
export function StationName() {
  const name = useStationInfo().data?.name;
  if (name !== undefined) return <>{name}</>;
  return <InlineSkeleton className="h-[0.9em] w-[6.5em] align-middle" />;
}
