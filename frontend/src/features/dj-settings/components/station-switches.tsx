import { Radio, UserPlus, Music } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { failureMessage } from '@/lib/api-client';
import { useChangeStationSwitch, type StationSwitch } from '../api/change-station-switch';
import { useDjSettings } from '../api/get-dj-settings';
import { SwitchRow } from './switch-row';

const CONFIRMATIONS = {
  requests: (on: boolean) => (on ? 'Verzoekjes staan aan' : 'Verzoekjes staan uit'),
  registration: (on: boolean) => (on ? 'Registratie staat open' : 'Registratie staat dicht'),
};

function describeChange(change: StationSwitch): string {
  if (change.kind === 'mode') return change.mode === 'live' ? 'Live uitzending' : 'Nonstop';
  return CONFIRMATIONS[change.kind](change.enabled);
}

/** The admin's system switches: requests, broadcasting mode and registration (spec section 2). */
export function StationSwitches() {
  const settings = useDjSettings();
  const change = useChangeStationSwitch({
    mutationConfig: {
      onSuccess: (_settings, applied) =>
        toast({ title: 'Instelling gewijzigd', description: `${describeChange(applied)}.` }),
      onError: (error, attempted) =>
        toast({
          variant: 'destructive',
          title: attempted.kind === 'mode' ? 'Modus niet gewijzigd' : 'Instelling niet gewijzigd',
          description: failureMessage(error),
        }),
    },
  });
  if (settings.isPending) return <Skeleton className="h-48 w-full" />;
  if (!settings.data) {
    return (
      <p role="alert" className="text-destructive">
        De instellingen konden niet worden geladen: {failureMessage(settings.error)}
      </p>
    );
  }
  const { requestsEnabled, registrationEnabled, broadcastingMode } = settings.data;
  return (
    <Card className="divide-y px-5 py-1">
      <SwitchRow
        icon={Music}
        title="Verzoekjes"
        explanation="Uit: luisteraars zien op /verzoekjes dat verzoekjes tijdelijk zijn uitgeschakeld."
        checked={requestsEnabled}
        disabled={change.isPending}
        onChange={(enabled) => change.mutate({ kind: 'requests', enabled })}
      />
      <SwitchRow
        icon={Radio}
        title="Live uitzending"
        explanation="Aan: de live-bron speelt en de LIVE-badge staat in de kop; uit: nonstop."
        checked={broadcastingMode === 'live'}
        disabled={change.isPending}
        onChange={(live) => change.mutate({ kind: 'mode', mode: live ? 'live' : 'nonstop' })}
      />
      <SwitchRow
        icon={UserPlus}
        title="Registratie"
        explanation="Aan: nieuwe luisteraars kunnen zelf een account aanmaken."
        checked={registrationEnabled}
        disabled={change.isPending}
        onChange={(enabled) => change.mutate({ kind: 'registration', enabled })}
      />
    </Card>
  );
}
