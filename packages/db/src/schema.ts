import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;

export type Role = 'listener' | 'admin';
export type RequestStatus = 'pending' | 'approved' | 'rejected' | 'played';
export type RequestSource = 'local' | 'deezer';
export type DownloadStatus = 'pending' | 'downloading' | 'ready' | 'failed' | 'not_needed';
export type BroadcastingMode = 'nonstop' | 'live';
export type CloudUploadStatus = 'pending' | 'approved' | 'rejected' | 'downloaded';

export interface UsersTable {
  id: Generated<number>;
  email: string;
  passwordHash: string;
  name: Generated<string>;
  role: Generated<Role>;
  isActive: Generated<boolean>;
  lastLoginAt: Date | null;
  createdAt: CreatedAt;
  updatedAt: Timestamp;
  customRequestsPerHour: number | null;
  customRequestsPerDay: number | null;
  customCooldownMinutes: number | null;
  canBypassLimits: Generated<boolean>;
}

export interface SessionsTable {
  sid: string;
  sess: ColumnType<Record<string, unknown>, string, string>;
  expire: Date;
  userId: ColumnType<number | null, never, never>;
}

export interface PlayHistoryTable {
  id: Generated<string>;
  /** Which station source numbered the play: unique per (source, azuracastId). */
  source: string;
  /** The source's own id of the play (AzuraCast `sh_id`). */
  azuracastId: ColumnType<string, number | string, number | string>;
  title: string;
  artist: string;
  album: string | null;
  playedAt: Date;
  duration: Generated<number>;
  createdAt: CreatedAt;
}

/** What the built-in station played (owned by the requests service). */
export interface BuiltInPlaysTable {
  /** The published sh_id. */
  id: ColumnType<string, never, never>;
  /** Minted by Liquidsoap per track it starts: a retried report stores nothing new. */
  playId: string;
  startedAt: Date;
  /** Seconds; 0 when unknown. */
  duration: number;
  artist: string;
  title: string;
  album: string;
  filename: string;
  createdAt: CreatedAt;
}

/** The station's library as last scanned (owned by the worker). */
export interface LibraryTracksTable {
  id: ColumnType<string, never, never>;
  /** The station source's key (as in play_history). */
  source: string;
  /** The source's own id of the file: AzuraCast unique_id, the built-in station's path. */
  mediaId: string;
  /** AzuraCast's request id; null for the built-in station. */
  requestId: string | null;
  path: string;
  title: Generated<string>;
  artist: Generated<string>;
  album: Generated<string>;
  /** Seconds; 0 when unknown. */
  duration: Generated<number>;
  requestable: Generated<boolean>;
  /** library_fold(title): lower case, no accents. */
  searchTitle: ColumnType<string, never, never>;
  searchArtist: ColumnType<string, never, never>;
  seenAt: Timestamp;
  /** Set when a scan no longer found the file. */
  goneAt: Date | null;
  createdAt: CreatedAt;
  updatedAt: Timestamp;
}

export interface SongRequestsTable {
  id: Generated<number>;
  userId: number | null;
  title: string;
  artist: string;
  album: string | null;
  filename: string | null;
  duration: number | null;
  requesterName: string;
  requesterIp: string | null;
  browserFingerprint: string | null;
  requestedAt: Timestamp;
  status: Generated<RequestStatus>;
  reviewedBy: string | null;
  reviewedAt: Date | null;
  playedAt: Date | null;
  voicetrackUrl: string | null;
  message: string | null;
  source: Generated<RequestSource>;
  deezerTrackId: string | null;
  downloadStatus: Generated<DownloadStatus>;
  /** Why the last acquisition try of a Deezer track failed, for an admin; null once ready. */
  downloadError: string | null;
  /** Acquisition tries of the current round (the worker's acquire-deezer-track job). */
  downloadAttempts: Generated<number>;
  /** The library track asked for (a Deezer request's once it is acquired). */
  libraryTrackId: ColumnType<string | null, number | string | null, number | string | null>;
  /** library_fold(title), library_fold(artist): what the request rules match waiting requests on. */
  searchTitle: ColumnType<string, never, never>;
  searchArtist: ColumnType<string, never, never>;
  /** When it went to the station's request API (AzuraCast); null: not sent (yet). */
  stationSubmittedAt: Date | null;
  /** A copy of the requests service is sending it to the station since then (a lease). */
  stationClaimedAt: Date | null;
  /** Where it is on its way to the station's request API; null: it does not go there. */
  stationStep: StationStep | null;
  /** What the station last said about it (a refusal in its own words, an upload failure). */
  stationNote: string | null;
}

/** A request's way to a station with its own request API (AzuraCast). */
export type StationStep =
  'uploading' | 'awaiting_requestable' | 'to_submit' | 'submitted' | 'refused' | 'failed';

export interface DjSettingsTable {
  id: Generated<number>;
  liveUrl: string | null;
  liveApiKey: string | null;
  nonstopUrl: string | null;
  nonstopApiKey: string | null;
  localStreamUrl: Generated<string>;
  libraryName: Generated<string>;
  maxRequestsPerIp: Generated<number>;
  maxRequestsPerBrowser: Generated<number>;
  requestsEnabled: Generated<boolean>;
  registrationEnabled: Generated<boolean>;
  broadcastingMode: Generated<BroadcastingMode>;
  trackCooldownHours: Generated<number>;
  artistCooldownHours: Generated<number>;
  deezerArl: string | null;
  /** The built-in station's key (X-API-Key); never answered by any API. */
  stationApiKey: string | null;
  /** SHA-256 (hex) of the STATION_API_KEY the requests service last took from its environment. */
  stationApiKeyEnv: string | null;
  updatedAt: Timestamp;
}

export type CloudUploadLibraryStatus = 'queued' | 'added' | 'failed';

export interface CloudUploadsTable {
  id: Generated<number>;
  userId: number | null;
  artist: string;
  title: string;
  originalName: string;
  submittedBy: string;
  message: string | null;
  objectKey: string;
  contentType: string;
  sizeBytes: ColumnType<string, number | string, number | string>;
  uploadedAt: Timestamp;
  status: Generated<CloudUploadStatus>;
  reviewedBy: string | null;
  reviewedAt: Date | null;
  /** Measured by decoding the file; kept finite and in range by checks (null: not known). */
  bitrateKbps: number | null;
  durationSeconds: number | null;
  /** The file's own tags, when it has them. */
  tagArtist: string | null;
  tagTitle: string | null;
  tagAlbum: string | null;
  /** Written by the worker once an admin asked (queued): added to the station library, or failed. */
  libraryStatus: CloudUploadLibraryStatus | null;
  libraryPath: string | null;
  libraryError: string | null;
}

export type AutomationEntryKind = 'request' | 'voice_message' | 'manual';

/** The automation queue the built-in station plays (owned by the requests service). */
export interface AutomationQueueTable {
  id: ColumnType<string, never, never>;
  /** The playout channel (1 = main). */
  machine: Generated<number>;
  position: number;
  kind: AutomationEntryKind;
  requestId: number | null;
  title: Generated<string>;
  artist: Generated<string>;
  /** What the station plays: a path in the library folders or an http(s) URL. */
  uri: string;
  /** Seconds; 0 when unknown. */
  duration: Generated<number>;
  /** Set once the station was given this entry; it is removed when the station starts it. */
  handedOutAt: Date | null;
  createdAt: CreatedAt;
}

/** A recorded voice message (owned by the uploads service); the requests service marks it used. */
export interface VoiceMessagesTable {
  id: Generated<number>;
  userId: number;
  /** The stored object, e.g. `voicetracks/3f9c….mp3`. */
  objectKey: string;
  durationSeconds: number;
  createdAt: CreatedAt;
}

/** One value of an audit entry's change: already masked when it was a secret. */
export type AdminAuditValue = string | number | boolean | null;

export interface AdminAuditChange {
  field: string;
  before: AdminAuditValue;
  after: AdminAuditValue;
}

/** Every admin change (owned by the worker: its record-admin-change job writes it). */
export interface AdminAuditLogTable {
  id: ColumnType<string, never, never>;
  /** The change's own id (the job id): a retried job inserts nothing new. */
  eventId: string;
  occurredAt: ColumnType<Date, Date | string, never>;
  actorUserId: number | null;
  /** The admin's name (or e-mail) at the time of the change. */
  actorLabel: string;
  /** A stable code, e.g. `user.role`, `settings.requests`. */
  action: string;
  /** What was changed, for people: a user's e-mail, a request's "artist – title". */
  target: string;
  /** JSON text on insert. */
  changes: ColumnType<AdminAuditChange[], string, never>;
  recordedAt: CreatedAt;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  playHistory: PlayHistoryTable;
  builtInPlays: BuiltInPlaysTable;
  libraryTracks: LibraryTracksTable;
  songRequests: SongRequestsTable;
  djSettings: DjSettingsTable;
  cloudUploads: CloudUploadsTable;
  automationQueue: AutomationQueueTable;
  voiceMessages: VoiceMessagesTable;
  adminAuditLog: AdminAuditLogTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type DjSettingsRow = Selectable<DjSettingsTable>;
export type PlayHistoryRow = Selectable<PlayHistoryTable>;
export type NewPlayHistory = Insertable<PlayHistoryTable>;
export type LibraryTrackRow = Selectable<LibraryTracksTable>;
export type SongRequestRow = Selectable<SongRequestsTable>;
export type AutomationQueueRow = Selectable<AutomationQueueTable>;
export type VoiceMessageRow = Selectable<VoiceMessagesTable>;
export type CloudUploadRow = Selectable<CloudUploadsTable>;
export type NewCloudUpload = Insertable<CloudUploadsTable>;
export type AdminAuditLogRow = Selectable<AdminAuditLogTable>;
