import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { errorResponse, jsonResponse, mockFetch } from '@/test/fetch-mock';
import {
  audioElement,
  domException,
  emitMediaError,
  emitMediaEvent,
  mockMediaElement,
} from '@/test/media-mock';
import { renderWithProviders } from '@/test/render-app';
import { FALLBACK_URL, nowPlaying, stationInfo, STREAM_URL } from '@/test/station-fixtures';
import { RECONNECT_DELAYS_MS } from '../lib/live-player-controller';
import { LivePlayer } from './live-player';
import { PlayerProvider } from './player-provider';

type Handlers = Parameters<typeof mockFetch>[0];

function mountPlayer(handlers: Handlers = {}, media = mockMediaElement()) {
  const fetchMock = mockFetch({
    'GET /api/station-info': () => jsonResponse(stationInfo()),
    'GET /api/now-playing': () => jsonResponse(nowPlaying()),
    ...handlers,
  });
  const { queryClient } = renderWithProviders(
    <PlayerProvider>
      <LivePlayer />
    </PlayerProvider>,
  );
  return { ...media, fetchMock, queryClient };
}

async function renderPlayer(handlers: Handlers = {}, media = mockMediaElement()) {
  const mounted = mountPlayer(handlers, media);
  // The stream addresses come with the station info, shown with the player files.
  await screen.findByRole('link', { name: /M3U/ });
  return mounted;
}

const button = (name: string) => screen.getByRole('button', { name });
const playButton = () => button('Afspelen');
/** The play/pause button, whatever it offers now. */
const toggle = () =>
  screen.getByRole('button', { name: /^(Afspelen|Stream laden|Pauzeren|Stoppen)$/ });
const alertText = () => screen.queryByRole('alert')?.textContent ?? null;

describe('the live player: starting and the fallback address', () => {
  it('plays the https address first and shows loading, then playing', async () => {
    const { plays } = await renderPlayer();

    fireEvent.click(playButton());

    expect(plays.map((call) => call.src)).toEqual([STREAM_URL]);
    expect(button('Stream laden').getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByText('Verbinden met de stream…')).toHaveAttribute('aria-live', 'polite');

    await plays[0]!.resolve();

    expect(toggle()).toHaveAccessibleName('Pauzeren');
    expect(screen.getByText('Je luistert live naar Radio Lokaal')).toHaveAttribute(
      'aria-live',
      'polite',
    );
    expect(alertText()).toBeNull();
  });

  it('falls back to the http address when https fails, without showing an error', async () => {
    const { plays } = await renderPlayer();

    fireEvent.click(playButton());
    emitMediaError(4);

    expect(plays.map((call) => call.src)).toEqual([STREAM_URL, FALLBACK_URL]);
    expect(alertText()).toBeNull();
    expect(toggle()).toHaveAccessibleName('Stream laden');

    // The first address's play() is rejected after its error event: already handled.
    await plays[0]!.reject(domException('NotSupportedError'));
    await plays[1]!.resolve();

    expect(toggle()).toHaveAccessibleName('Pauzeren');
    expect(alertText()).toBeNull();
  });

  it('shows an error only when the last address fails too', async () => {
    const { plays } = await renderPlayer();

    fireEvent.click(playButton());
    emitMediaError(2);
    expect(alertText()).toBeNull();
    emitMediaError(2);

    expect(alertText()).toBe('Netwerkfout');
    expect(plays).toHaveLength(2);
    expect(toggle()).toHaveAccessibleName('Afspelen');
    expect(audioElement().hasAttribute('src')).toBe(false);

    // Late rejections of the failed attempts change nothing.
    await plays[1]!.reject(domException('NotSupportedError'));
    expect(alertText()).toBe('Netwerkfout');
  });

  it('treats a rejected play() as a failure of that address too', async () => {
    const { plays } = await renderPlayer();

    fireEvent.click(playButton());
    await plays[0]!.reject(domException('NetworkError', 'network error'));
    expect(plays[1]?.src).toBe(FALLBACK_URL);
    expect(alertText()).toBeNull();
    await plays[1]!.reject(domException('NetworkError', 'network error'));

    expect(alertText()).toBe('Netwerkfout - controleer verbinding');
  });

  it('asks for another click at once when the browser does not allow playing yet', async () => {
    const { plays } = await renderPlayer();

    fireEvent.click(playButton());
    await plays[0]!.reject(domException('NotAllowedError'));

    expect(alertText()).toBe('Klik nogmaals voor toestemming');
    expect(plays).toHaveLength(1);

    fireEvent.click(playButton());
    expect(alertText()).toBeNull();
    expect(plays[1]?.src).toBe(STREAM_URL);
  });

  it('says the stream is not available when there is no address to play', async () => {
    const { plays, queryClient } = mountPlayer({
      'GET /api/station-info': () => errorResponse(500, 'Er ging iets mis'),
    });
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    // Without station info there are no player files either.
    expect(screen.queryByRole('link', { name: /M3U/ })).toBeNull();

    fireEvent.click(playButton());

    expect(plays).toHaveLength(0);
    expect(alertText()).toBe('Stream niet beschikbaar');
  });

  it.each([
    [1, true, 'Stream onderbroken'],
    [2, true, 'Netwerkfout'],
    [3, true, 'Audio decodeer fout'],
    [4, true, 'Stream tijdelijk niet beschikbaar'],
    [4, false, 'Audio formaat niet ondersteund'],
    [99, true, 'Stream tijdelijk niet beschikbaar'],
  ])('shows MediaError code %s (MP3 playable: %s) as "%s"', async (code, canPlayMp3, text) => {
    await renderPlayer({}, mockMediaElement({ canPlayMp3 }));

    fireEvent.click(playButton());
    emitMediaError(code);
    emitMediaError(code);

    expect(alertText()).toBe(text);
  });
});

describe('the live player: reconnecting after the stream broke off', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  /** Plays, then the live stream ends (a station or Icecast restart). */
  async function playThenBreak() {
    const mounted = await renderPlayer();
    fireEvent.click(playButton());
    await mounted.plays[0]!.resolve();
    vi.useFakeTimers();
    act(() => emitMediaEvent('ended'));
    return mounted;
  }

  it('shows that it reconnects, and plays again by itself', async () => {
    const { plays } = await playThenBreak();

    expect(alertText()).toBeNull();
    expect(screen.getByText('Stream onderbroken, opnieuw verbinden…')).toHaveAttribute(
      'aria-live',
      'polite',
    );
    // Stopping works while it reconnects: the listener need not wait.
    expect(toggle()).toHaveAccessibleName('Stoppen');
    expect(toggle()).not.toHaveAttribute('aria-disabled');
    expect(plays).toHaveLength(1);

    await act(() => vi.advanceTimersByTimeAsync(RECONNECT_DELAYS_MS[0]!));
    expect(plays.map((call) => call.src)).toEqual([STREAM_URL, STREAM_URL]);
    await act(() => plays[1]!.resolve());

    expect(toggle()).toHaveAccessibleName('Pauzeren');
    expect(screen.getByText('Je luistert live naar Radio Lokaal')).toHaveAttribute(
      'aria-live',
      'polite',
    );
  });

  it('waits longer after each failed try, and gives up with "Stream onderbroken"', async () => {
    const { plays } = await playThenBreak();

    for (const delay of RECONNECT_DELAYS_MS) {
      const before = plays.length;
      await act(() => vi.advanceTimersByTimeAsync(delay - 1));
      expect(plays).toHaveLength(before);
      await act(() => vi.advanceTimersByTimeAsync(1));
      // Each try goes through both addresses before waiting again.
      expect(plays).toHaveLength(before + 1);
      act(() => emitMediaError(2));
      act(() => emitMediaError(2));
    }

    expect(alertText()).toBe('Stream onderbroken');
    expect(toggle()).toHaveAccessibleName('Afspelen');
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(plays).toHaveLength(1 + 2 * RECONNECT_DELAYS_MS.length);
  });

  it('stops reconnecting when the listener presses stop', async () => {
    const { plays } = await playThenBreak();

    fireEvent.click(button('Stoppen'));
    await act(() => vi.advanceTimersByTimeAsync(60_000));

    expect(plays).toHaveLength(1);
    expect(toggle()).toHaveAccessibleName('Afspelen');
    expect(alertText()).toBeNull();
  });
});

describe('the live player: stopping and loading', () => {
  it('a stop by the user clears the source and ignores the error that follows', async () => {
    const { plays, pause } = await renderPlayer();
    fireEvent.click(playButton());
    await plays[0]!.resolve();

    fireEvent.click(button('Pauzeren'));

    expect(pause).toHaveBeenCalled();
    expect(audioElement().hasAttribute('src')).toBe(false);
    emitMediaError(4);
    emitMediaEvent('pause');
    expect(alertText()).toBeNull();
    expect(toggle()).toHaveAccessibleName('Afspelen');
    expect(plays).toHaveLength(1);
  });

  it('starts again live after a stop, from the https address', async () => {
    const { plays } = await renderPlayer();
    fireEvent.click(playButton());
    emitMediaError(4);
    await plays[1]!.resolve();
    fireEvent.click(button('Pauzeren'));

    fireEvent.click(playButton());

    expect(plays.map((call) => call.src)).toEqual([STREAM_URL, FALLBACK_URL, STREAM_URL]);
  });

  it('ignores the toggle while loading, also when the stream buffers again', async () => {
    const { plays, pause } = await renderPlayer();

    fireEvent.click(playButton());
    fireEvent.click(button('Stream laden'));
    expect(plays).toHaveLength(1);
    expect(pause).not.toHaveBeenCalled();

    emitMediaEvent('playing');
    expect(toggle()).toHaveAccessibleName('Pauzeren');

    emitMediaEvent('waiting');
    fireEvent.click(button('Stream laden'));
    expect(pause).not.toHaveBeenCalled();

    emitMediaEvent('playing');
    fireEvent.click(button('Pauzeren'));
    expect(pause).toHaveBeenCalled();
  });

  it('ignores element events while stopped', async () => {
    await renderPlayer();

    emitMediaEvent('loadstart');
    emitMediaEvent('playing');
    emitMediaError(2);

    expect(toggle()).toHaveAccessibleName('Afspelen');
    expect(alertText()).toBeNull();
  });

  it('a paused element (by the system) counts as a stop', async () => {
    const { plays } = await renderPlayer();
    fireEvent.click(playButton());
    await plays[0]!.resolve();

    emitMediaEvent('pause');

    expect(toggle()).toHaveAccessibleName('Afspelen');
    expect(audioElement().hasAttribute('src')).toBe(false);
  });
});

describe('the live player: volume', () => {
  it('starts at 75% and sets the element between 0 and 1', async () => {
    await renderPlayer();
    const slider = screen.getByRole('slider', { name: 'Volume' }) as HTMLInputElement;

    expect(slider.value).toBe('75');
    expect([slider.min, slider.max, slider.step]).toEqual(['0', '100', '1']);
    expect(audioElement().volume).toBe(0.75);

    fireEvent.change(slider, { target: { value: '30' } });

    expect(audioElement().volume).toBe(0.3);
    expect(slider.getAttribute('aria-valuetext')).toBe('30%');
  });

  it('is hidden on iOS, where the hardware buttons set the volume', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15',
    );
    await renderPlayer();

    expect(screen.queryByRole('slider')).toBeNull();
  });
});

describe('the live player: what is on air', () => {
  it('shows the current song, the station and the player files', async () => {
    await renderPlayer();

    expect(await screen.findByText('Radar Love')).toBeVisible();
    expect(screen.getByText('Golden Earring')).toBeVisible();
    expect(screen.getByText('Nu op Radio Lokaal')).toBeVisible();
    expect(screen.getByRole('link', { name: /M3U/ }).getAttribute('href')).toBe(
      'https://radio.example.nl/stream/radio.m3u',
    );
    expect(screen.getByRole('link', { name: /PLS/ }).getAttribute('href')).toBe(
      'https://radio.example.nl/stream/radio.pls',
    );
  });

  it('falls back for unknown names and an unknown station name', async () => {
    await renderPlayer({
      'GET /api/station-info': () => jsonResponse(stationInfo({ name: 'Stadsradio' })),
      'GET /api/now-playing': () =>
        jsonResponse(
          nowPlaying({
            station: { name: '' },
            now_playing: {
              ...nowPlaying().now_playing!,
              song: { artist: '', title: ' ', album: null },
            },
          }),
        ),
    });

    expect(await screen.findByText('Onbekende Titel')).toBeVisible();
    expect(screen.getByText('Onbekende Artiest')).toBeVisible();
    expect(screen.getByText('Nu op Stadsradio')).toBeVisible();
  });

  it('uses a fallback title when no answer names the station', async () => {
    const { queryClient } = mountPlayer({
      'GET /api/station-info': () => errorResponse(502, 'Niet bereikbaar'),
      'GET /api/now-playing': () => errorResponse(502, 'Niet bereikbaar'),
    });
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));

    expect(screen.getByText('Nu op Lokale radio')).toBeVisible();
    expect(screen.getByText('Niet bereikbaar')).toBeVisible();
  });

  it('shows why now playing failed, and tries again on request', async () => {
    let calls = 0;
    await renderPlayer({
      'GET /api/now-playing': () =>
        ++calls === 1
          ? errorResponse(503, 'Het station is even niet bereikbaar', 'STATION_UNAVAILABLE')
          : jsonResponse(nowPlaying()),
    });

    expect(await screen.findByText('Het station is even niet bereikbaar')).toBeVisible();
    expect(screen.getByText('Kan niet laden wat er nu speelt')).toBeVisible();

    fireEvent.click(screen.getByRole('button', { name: 'Opnieuw proberen' }));

    expect(await screen.findByText('Radar Love')).toBeVisible();
    expect(screen.queryByText('Het station is even niet bereikbaar')).toBeNull();
  });
});

describe('the live player: lock screen and gestures', () => {
  type Handler = (() => void) | null;
  const actionHandlers = new Map<string, Handler>();

  function mockMediaSession() {
    actionHandlers.clear();
    const session = {
      metadata: null as unknown,
      playbackState: 'none',
      setActionHandler: (action: string, handler: Handler) => actionHandlers.set(action, handler),
    };
    Object.defineProperty(navigator, 'mediaSession', { configurable: true, value: session });
    vi.stubGlobal(
      'MediaMetadata',
      class {
        readonly init: MediaMetadataInit;
        constructor(init: MediaMetadataInit) {
          this.init = init;
        }
      },
    );
    return session;
  }

  afterEach(() => {
    Reflect.deleteProperty(navigator, 'mediaSession');
  });

  it('tells the lock screen the song and station, and obeys its play and pause', async () => {
    const session = mockMediaSession();
    const { plays } = await renderPlayer();

    act(() => actionHandlers.get('play')?.());
    await plays[0]!.resolve();

    await waitFor(() =>
      expect(session.metadata).toMatchObject({
        init: { title: 'Radar Love', artist: 'Golden Earring', album: 'Radio Lokaal' },
      }),
    );
    expect(session.playbackState).toBe('playing');

    act(() => actionHandlers.get('pause')?.());

    expect(toggle()).toHaveAccessibleName('Afspelen');
    expect(session.playbackState).toBe('paused');
  });

  it('toggles on two two-finger touches within 500 ms', async () => {
    const { plays } = await renderPlayer();
    const now = vi.spyOn(performance, 'now');
    const twoFingers = { touches: [{}, {}] };

    now.mockReturnValue(10_000);
    fireEvent.touchStart(document, twoFingers);
    now.mockReturnValue(10_400);
    fireEvent.touchStart(document, twoFingers);
    expect(plays).toHaveLength(1);
    await plays[0]!.resolve();

    now.mockReturnValue(20_000);
    fireEvent.touchStart(document, twoFingers);
    now.mockReturnValue(20_600);
    fireEvent.touchStart(document, twoFingers);
    fireEvent.touchStart(document, { touches: [{}] });
    expect(toggle()).toHaveAccessibleName('Pauzeren');

    now.mockReturnValue(20_900);
    fireEvent.touchStart(document, twoFingers);
    expect(toggle()).toHaveAccessibleName('Afspelen');
  });
});

describe('the mini player', () => {
  function PageWithPlayer() {
    const [shown, setShown] = useState(true);
    return (
      <>
        <button type="button" onClick={() => setShown(false)}>
          Andere pagina
        </button>
        {shown && <LivePlayer />}
      </>
    );
  }

  it('keeps the stream playing on pages without the player, and stops it there', async () => {
    mockFetch({
      'GET /api/station-info': () => jsonResponse(stationInfo()),
      'GET /api/now-playing': () => jsonResponse(nowPlaying()),
    });
    const { plays, pause } = mockMediaElement();
    renderWithProviders(
      <PlayerProvider>
        <PageWithPlayer />
      </PlayerProvider>,
    );
    await screen.findByRole('link', { name: /M3U/ });
    fireEvent.click(playButton());
    await plays[0]!.resolve();

    fireEvent.click(screen.getByRole('button', { name: 'Andere pagina' }));

    const miniPlayer = await screen.findByRole('region', { name: 'Livespeler' });
    expect(miniPlayer.textContent).toContain('Radar Love · Golden Earring');
    expect(pause).not.toHaveBeenCalled();

    fireEvent.click(button('Pauzeren'));

    expect(pause).toHaveBeenCalled();
    expect(screen.queryByRole('region', { name: 'Livespeler' })).toBeNull();
  });
});
