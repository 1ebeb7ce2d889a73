import type { AdminRequest, RequestStatusValue } from '@radio/contracts';
import type { RequestDecision } from '../api/set-request-status';

export const STATUS_LABELS: Record<RequestStatusValue, string> = {
  pending: 'In behandeling',
  approved: 'Goedgekeurd',
  played: 'Gedraaid',
  rejected: 'Afgewezen',
};

export const STATUS_FILTERS: { value: RequestStatusValue | 'all'; label: string }[] = [
  { value: 'all', label: 'Alle' },
  { value: 'pending', label: STATUS_LABELS.pending },
  { value: 'approved', label: STATUS_LABELS.approved },
  { value: 'played', label: STATUS_LABELS.played },
  { value: 'rejected', label: STATUS_LABELS.rejected },
];

export const DOWNLOAD_LABELS: Record<AdminRequest['downloadStatus'], string> = {
  pending: 'Download wacht',
  downloading: 'Wordt gedownload',
  ready: 'Gedownload',
  failed: 'Download mislukt',
  not_needed: '',
};

/** The moves the requests service allows (request-service setStatus). */
const ALLOWED_FROM: Record<RequestDecision, RequestStatusValue[]> = {
  approved: ['pending'],
  rejected: ['pending', 'approved'],
  played: ['pending', 'approved'],
};

export const DECISIONS: { status: RequestDecision; label: string }[] = [
  { status: 'approved', label: 'Goedkeuren' },
  { status: 'played', label: 'Gedraaid' },
  { status: 'rejected', label: 'Afwijzen' },
];

export const decisionsFor = (status: RequestStatusValue) =>
  DECISIONS.filter((decision) => ALLOWED_FROM[decision.status].includes(status));
