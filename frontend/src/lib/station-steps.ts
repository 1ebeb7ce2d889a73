import type { StationStepValue } from '@radio/contracts';

/** A request's way to an AzuraCast station's request API, for its requester and the admin. */
export const STATION_STEP_LABELS: Record<StationStepValue, string> = {
  uploading: 'Wordt op de zender gezet',
  awaiting_requestable: 'Wacht tot de zender het nummer aanbiedt',
  to_submit: 'Wordt naar de zender gestuurd',
  submitted: 'Staat bij de zender in de wachtrij',
  refused: 'De zender nam het verzoekje niet aan',
  failed: 'Kon niet op de zender worden gezet',
};

/** Whether the station step is a problem (its note says why). */
export const stationStepFailed = (step: StationStepValue | null): boolean =>
  step === 'refused' || step === 'failed';
