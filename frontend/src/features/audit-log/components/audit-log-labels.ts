import { ROLE_LABELS, SETTINGS_FIELD_LABELS, type AdminAuditValue } from '@radio/contracts';

/** Dutch names of the audit log's action codes (ADMIN_AUDIT_ACTIONS); an unknown code is shown as is. */
const ACTION_LABELS: Record<string, string> = {
  'user.active': 'Account actief/gedeactiveerd',
  'user.role': 'Rol van gebruiker',
  'user.limits': 'Limieten van gebruiker',
  'settings.registration': 'Registratie aan/uit',
  'settings.requests': 'Verzoekjes aan/uit',
  'settings.broadcasting-mode': 'Uitzendmodus',
  'settings.deezer-arl': 'Deezer ARL',
  'settings.station': 'Stationsinstellingen',
  'request.status': 'Status van verzoekje',
  'playlist.move': 'Playlist: nummer verplaatst',
  'playlist.insert': 'Playlist: nummer toegevoegd',
  'upload.status': 'Beoordeling van upload',
  'upload.library': 'Upload naar de bibliotheek',
};

const FIELD_LABELS: Record<string, string> = {
  ...SETTINGS_FIELD_LABELS,
  isActive: 'Actief',
  role: 'Rol',
  customRequestsPerHour: 'Verzoekjes per uur',
  customRequestsPerDay: 'Verzoekjes per dag',
  customCooldownMinutes: 'Cooldown (minuten)',
  canBypassLimits: 'Mag limieten overslaan',
  registrationEnabled: 'Registratie',
  requestsEnabled: 'Verzoekjes',
  broadcastingMode: 'Uitzendmodus',
  deezerArl: 'Deezer ARL',
  status: 'Status',
  position: 'Positie',
  libraryStatus: 'Bibliotheek',
};

const VALUE_LABELS: Record<string, string> = {
  ...ROLE_LABELS,
  nonstop: 'Nonstop',
  live: 'Live',
  pending: 'In afwachting',
  approved: 'Goedgekeurd',
  rejected: 'Afgewezen',
  played: 'Gedraaid',
  downloaded: 'Gedownload',
  queued: 'In de wachtrij',
  added: 'Toegevoegd',
  failed: 'Mislukt',
};

export const actionLabel = (action: string): string => ACTION_LABELS[action] ?? action;

export const fieldLabel = (field: string): string => FIELD_LABELS[field] ?? field;

/** true/false as Aan/Uit, codes in Dutch, nothing as "—". Secrets arrive masked already. */
export function valueLabel(value: AdminAuditValue): string {
  if (value === null || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Aan' : 'Uit';
  if (typeof value === 'number') return value.toLocaleString('nl-NL');
  return VALUE_LABELS[value] ?? value;
}
