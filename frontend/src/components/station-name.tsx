import { Skeleton } from '@/components/ui/skeleton';
import { useStationInfo } from '@/lib/station-info';

/** The station's name as the server configures it; a placeholder of about its width meanwhile. */
export function StationName() {
  const name = useStationInfo().data?.name;
  if (name !== undefined) return <>{name}</>;
  return <Skeleton aria-hidden="true" className="inline-block h-[0.9em] w-[6.5em] align-middle" />;
}
