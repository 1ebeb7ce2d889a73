import type { z } from 'zod';
import {
  StationSourceError,
  type CurrentSong,
  type LibraryTrack,
  type NowPlaying,
  type PlayedSong,
  type QueueEntry,
  type StationSource,
  type StationSourceSettings,
} from '../station-source.ts';
import { AzuraCastApi, DEFAULT_TIMEOUT_MS } from './azuracast-api.ts';
import {
  filesPageSchema,
  historySchema,
  nowPlayingSchema,
  queueSchema,
  requestsPageSchema,
  type MediaPayload,
  type NowPlayingPayload,
  type SongHistoryPayload,
} from './read-schemas.ts';

/** Library pages: big enough to be few, small enough for a slow install to answer in time. */
const FILES_PER_PAGE = 500;

/**
 * A station behind an AzuraCast API, or anything that publishes the same shapes (the built-in
 * station). History, library and queue live next to the now-playing URL and need the API key.
 */
export function createAzuraCastSource(settings: StationSourceSettings): StationSource {
  const api = new AzuraCastApi({
    nowPlayingUrl: settings.nowPlayingUrl,
    apiKey: settings.apiKey,
    timeoutMs: settings.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    dispatcher: settings.dispatcher,
  });

  return {
    async nowPlaying() {
      return toNowPlaying(await api.get(api.nowPlayingUrl, nowPlayingSchema));
    },

    async history({ start, end }) {
      const url = api.stationUrl('history', { start: isoSeconds(start), end: isoSeconds(end) });
      const rows = await api.get(url, historySchema);
      return rows
        .map((row) => ({ ...toPlayedSong(row), isVisible: row.is_visible }))
        .sort((a, b) => b.playedAt.getTime() - a.playedAt.getTime());
    },

    async library() {
      const media = await allPages(api, 'files', filesPageSchema);
      const requestIds = await requestableIds(api);
      return media.map((row) => toLibraryTrack(row, requestIds));
    },

    async queue() {
      const rows = await api.get(api.stationUrl('queue'), queueSchema);
      return rows.map((row): QueueEntry => ({
        title: row.song.title,
        artist: row.song.artist,
        duration: row.duration,
        expectedStart: row.played_at ? fromUnix(row.played_at) : null,
        isRequest: row.is_request,
      }));
    },
  };
}

function toNowPlaying(payload: NowPlayingPayload): NowPlaying {
  const playing = payload.now_playing;
  // Offline, AzuraCast puts a placeholder with sh_id 0 ("Station Offline") where the song goes.
  const current: CurrentSong | null =
    playing && playing.sh_id !== 0
      ? { ...toPlayedSong(playing), elapsed: playing.elapsed, remaining: playing.remaining }
      : null;
  return {
    stationName: payload.station.name,
    isOnline: payload.is_online,
    isLive: payload.live.is_live,
    current,
    recent: payload.song_history.map(toPlayedSong),
    ...(payload.listeners && {
      listeners: { current: payload.listeners.current, unique: payload.listeners.unique },
    }),
    ...(payload.playing_next && {
      playingNext: {
        artist: payload.playing_next.song.artist,
        title: payload.playing_next.song.title,
        duration: payload.playing_next.duration,
      },
    }),
  };
}

/** Now-playing `song_history` lists only visible plays. */
function toPlayedSong(row: SongHistoryPayload): PlayedSong {
  return {
    sourceId: String(row.sh_id),
    playedAt: fromUnix(row.played_at),
    duration: row.duration,
    title: row.song.title,
    artist: row.song.artist,
    album: row.song.album,
    isVisible: true,
  };
}

type PagedSchema<Row> = z.ZodType<Row[] | { rows: Row[]; total_pages: number }>;

/** Every row of a paged list (files, requests), a page at a time. */
async function allPages<Row>(
  api: AzuraCastApi,
  path: string,
  schema: PagedSchema<Row>,
): Promise<Row[]> {
  const rows: Row[] = [];
  for (let page = 1; ; page += 1) {
    const query = { per_page: String(FILES_PER_PAGE), page: String(page) };
    const body = await api.get(api.stationUrl(path, query), schema);
    // An install that ignores the paging parameters answers the whole list at once.
    if (Array.isArray(body)) return body;
    rows.push(...body.rows);
    if (page >= body.total_pages || body.rows.length === 0) return rows;
  }
}

/**
 * The request ids AzuraCast lists as requestable (its `request_id` is the media's `unique_id`).
 * A station that takes no requests (or has no request playlist on air, 0.22+) says so by the
 * shape of its answer, in any language and version: a 500 of type StationUnsupportedException
 * (0.19's middleware: "This feature is not currently supported on this station."; later: "This
 * station does not currently accept requests."). Then nothing is requestable; any other failure
 * fails the scan.
 */
export async function requestableIds(api: AzuraCastApi): Promise<Set<string>> {
  try {
    const rows = await allPages(api, 'requests', requestsPageSchema);
    return new Set(rows.map((row) => row.request_id));
  } catch (error) {
    if (error instanceof StationSourceError && error.errorType === 'StationUnsupportedException') {
      return new Set();
    }
    throw error;
  }
}

function toLibraryTrack(media: MediaPayload, requestIds: ReadonlySet<string>): LibraryTrack {
  const requestable = requestIds.has(media.unique_id);
  return {
    mediaId: media.unique_id,
    path: media.path,
    title: media.title,
    artist: media.artist,
    album: media.album,
    duration: media.length,
    requestable,
    requestId: requestable ? media.unique_id : null,
  };
}

const fromUnix = (seconds: number): Date => new Date(seconds * 1000);

/** An explicit offset, so AzuraCast does not read the time in the station's own zone. */
const isoSeconds = (date: Date): string => `${date.toISOString().slice(0, 19)}+00:00`;
