import type { SourceTestResult, StationSourceName } from '@radio/contracts';
import {
  createAzuraCastSource,
  publicAddressDispatcher,
  StationSourceError,
  type StationSourceFailure,
} from '@radio/station';

/** Short: the admin waits for it, and a source that needs longer is not fit to poll. */
export const SOURCE_TEST_TIMEOUT_MS = 5_000;

const sourceLabel: Record<StationSourceName, string> = {
  nonstop: 'Nonstop-bron',
  live: 'Live-bron',
};

function hostOf(url: string): string {
  return URL.canParse(url) ? new URL(url).host : url;
}

function failureText(failure: StationSourceFailure, status: number | null, url: string): string {
  const host = hostOf(url);
  switch (failure) {
    case 'bad-url':
      return 'dit is geen http(s)-adres';
    case 'unreachable':
      return `${host} is niet bereikbaar (geen verbinding)`;
    case 'timeout':
      return `${host} gaf geen antwoord binnen ${SOURCE_TEST_TIMEOUT_MS / 1000} seconden`;
    case 'http-status': {
      const hint =
        status === 401 || status === 403
          ? ' (klopt de API-sleutel?)'
          : status === 404
            ? ' (klopt het station in de URL?)'
            : '';
      return `${host} antwoordde met HTTP ${status ?? '?'}${hint}`;
    }
    case 'not-json':
    case 'unexpected-answer':
      return `${host} gaf geen AzuraCast now-playing-antwoord (is dit de URL van /api/nowplaying/…?)`;
    case 'private-address':
      return `${host} is of wijst naar een intern adres (zoals 127.0.0.1, 10.x of 192.168.x); intern mogen alleen de ingebouwde zender, het opgeslagen adres van deze bron en de adressen in PRIVATE_SOURCE_ORIGINS zijn`;
    case 'redirect':
      return `${host} stuurt door naar een ander adres; vul het adres in waar het naartoe stuurt`;
    case 'other':
      return `${host} gaf een onbruikbaar antwoord`;
  }
}

const failureCode: Record<StationSourceFailure, string> = {
  'bad-url': 'BAD_URL',
  unreachable: 'UNREACHABLE',
  timeout: 'TIMEOUT',
  'http-status': 'HTTP_STATUS',
  'not-json': 'NOT_NOW_PLAYING',
  'unexpected-answer': 'NOT_NOW_PLAYING',
  'private-address': 'PRIVATE_ADDRESS',
  redirect: 'REDIRECT',
  other: 'NOT_NOW_PLAYING',
};

/**
 * Asks a source for now playing, with the station adapter that polls it later: it passes when
 * the answer parses as AzuraCast's now playing. It connects to public addresses only, and to
 * the internal origins in `allowedOrigins` (an admin's URL must not reach the metrics ports or
 * other machines on the private network). Never throws; never puts the key in the result.
 */
export async function testStationSource(
  which: StationSourceName,
  url: string,
  apiKey: string | null,
  options: { allowedOrigins?: Iterable<string>; timeoutMs?: number } = {},
): Promise<SourceTestResult> {
  const label = sourceLabel[which];
  const dispatcher = publicAddressDispatcher(options.allowedOrigins);
  try {
    const nowPlaying = await createAzuraCastSource({
      nowPlayingUrl: url,
      apiKey,
      timeoutMs: options.timeoutMs ?? SOURCE_TEST_TIMEOUT_MS,
      dispatcher,
    }).nowPlaying();
    const current = nowPlaying.current;
    const playing = current
      ? `nu speelt ${current.artist || 'Onbekende Artiest'} – ${current.title || 'Onbekende Titel'}`
      : nowPlaying.isOnline
        ? 'er speelt nu niets'
        : 'de zender is offline';
    return {
      ok: true,
      message: `${label} werkt: ${nowPlaying.stationName || hostOf(url)}, ${playing}`,
      code: null,
      stationName: nowPlaying.stationName,
      isOnline: nowPlaying.isOnline,
      nowPlaying: current ? { artist: current.artist, title: current.title } : null,
    };
  } catch (error) {
    const failure = error instanceof StationSourceError ? error.failure : 'other';
    const status = error instanceof StationSourceError ? error.status : null;
    return {
      ok: false,
      message: `${label} getest: ${failureText(failure, status, url)}`,
      code: failureCode[failure],
      stationName: null,
      isOnline: null,
      nowPlaying: null,
    };
  } finally {
    await dispatcher.destroy();
  }
}
