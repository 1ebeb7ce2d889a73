import type { SearchQuery, TrackSearchResponse, TrackSearchResult } from '@radio/contracts';
import type { DjSettingsRow } from '@radio/db';
import { HttpError } from '@radio/service-kit';
import { activeStationUrl, stationSourceKey, type DeezerTrack } from '@radio/station';
import type { DeezerCatalogue } from '../catalogue/deezer-catalogue.ts';
import type { RateLimit, RedisRateLimiter } from '../catalogue/redis-rate-limiter.ts';
import type {
  LibrarySearchRepository,
  LibraryTrackHit,
} from '../library/library-search-repository.ts';
import type { Verdict } from '../requests/judge.ts';
import type { Candidate, Requester } from '../requests/judged-facts.ts';
import type { SearchVerdicts } from '../requests/request-modules.ts';
import { REASONS } from '../requests/request-texts.ts';

/**
 * Searches per listener: the page searches when asked (not per keystroke), so a person stays far
 * below this; a script does not.
 */
export const SEARCH_RATE_LIMIT: RateLimit = { max: 30, windowMs: 60_000 };

export interface TrackSearchOptions {
  library: Pick<LibrarySearchRepository, 'search' | 'sameSongs'>;
  catalogue: Pick<DeezerCatalogue, 'search'>;
  rules: SearchVerdicts;
  /** Keyed by user id, with SEARCH_RATE_LIMIT. */
  limiter: RedisRateLimiter;
  settings: () => Promise<DjSettingsRow>;
  clock?: () => Date;
}

/**
 * GET /api/search: the station library (ranked exact > prefix > fuzzy) and the Deezer catalogue,
 * each result judged by the same rules POST /api/requests enforces. A Deezer hit that is in the
 * library is listed once, as the library's; a catalogue that cannot be searched leaves the library
 * results with `catalogueSearched: false`.
 */
export class TrackSearch {
  readonly #options: TrackSearchOptions;
  readonly #clock: () => Date;

  constructor(options: TrackSearchOptions) {
    this.#options = options;
    this.#clock = options.clock ?? (() => new Date());
  }

  async search(requester: Requester, query: SearchQuery): Promise<TrackSearchResponse> {
    await this.#takeSearch(requester);
    const { library, catalogue, rules } = this.#options;
    const settings = await this.#options.settings();
    const url = activeStationUrl(settings);
    const source = url === null ? undefined : stationSourceKey(url);
    const [libraryHits, catalogueAnswer] = await Promise.all([
      library.search({ ...query, source }),
      catalogue.search(query),
    ]);
    const deezerHits = catalogueAnswer.ok ? catalogueAnswer.tracks : [];
    const inLibrary = await library.sameSongs(deezerHits, source);
    const locals: LibraryTrackHit[] = [...libraryHits];
    const listed = new Set(locals.map((hit) => hit.id));
    const deezer: DeezerTrack[] = [];
    deezerHits.forEach((track, index) => {
      const local = inLibrary[index];
      if (!local) deezer.push(track);
      else if (!listed.has(local.id)) {
        listed.add(local.id);
        locals.push(local);
      }
    });
    const verdicts = await rules.judge(
      requester,
      [...locals.map(localCandidate), ...deezer.map(deezerCandidate)],
      this.#clock(),
      settings,
    );
    const data = [...locals.map(localResult), ...deezer.map(deezerResult)].map((result, index) =>
      withVerdict(result, verdicts[index]),
    );
    return { data, total: data.length, catalogueSearched: catalogueAnswer.ok };
  }

  async #takeSearch(requester: Requester): Promise<void> {
    const waitMs = await this.#options.limiter.take(String(requester.id));
    if (waitMs === 0) return;
    const seconds = Math.max(1, Math.ceil(waitMs / 1000));
    throw new HttpError(
      429,
      'SEARCH_RATE_LIMITED',
      `Je zoekt te vaak achter elkaar. Probeer het over ${seconds} ${seconds === 1 ? 'seconde' : 'seconden'} opnieuw.`,
      { 'Retry-After': String(seconds) },
    );
  }
}

const localCandidate = (hit: LibraryTrackHit): Candidate => ({
  source: 'local',
  libraryTrackId: hit.id,
  title: hit.title,
  artist: hit.artist,
  requestable: hit.requestable,
});

const deezerCandidate = (track: DeezerTrack): Candidate => ({
  source: 'deezer',
  deezerId: track.id,
  title: track.title,
  artist: track.artist,
  readable: track.readable,
});

type Unjudged = Omit<TrackSearchResult, 'available' | 'reason' | 'retryAfter'>;

const localResult = (hit: LibraryTrackHit): Unjudged => ({
  source: 'local',
  title: hit.title,
  artist: hit.artist,
  album: hit.album,
  duration: hit.duration,
  filename: hit.path,
  libraryTrackId: hit.id,
});

const deezerResult = (track: DeezerTrack): Unjudged => ({
  source: 'deezer',
  title: track.title,
  artist: track.artist,
  album: track.album,
  duration: Math.max(0, Math.round(track.duration)),
  deezer_id: track.id,
});

function withVerdict(result: Unjudged, verdict: Verdict | undefined): TrackSearchResult {
  if (verdict?.available) return { ...result, available: true };
  return {
    ...result,
    available: false,
    reason: verdict?.reason ?? REASONS.generic,
    ...(verdict?.retryAfterSeconds === undefined ? {} : { retryAfter: verdict.retryAfterSeconds }),
  };
}
