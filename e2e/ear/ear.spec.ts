import { writeFileSync } from 'node:fs';
import { type Page } from '@playwright/test';
import { test } from '../support/test.ts';

// What a listener hears against what the page shows, in Chromium playing the built-in station's
// stream from the home page. The player's <audio> is tapped with the Web Audio API (an
// AnalyserNode between it and the output): the demo songs fade out to silence and in again
// (scripts/demo-library.sh; Liquidsoap does not crossfade), so the moment sound comes back after
// a silence is the moment the next song becomes audible. A MutationObserver notes when the title
// under "Nu te horen" changes. Measured twice: with the live event stream, and with it refused
// (the page then polls now playing every 30 s, the spec's poll). Then the time to first sound:
// from the click on "Afspelen" to the first audible frame, 20 presses. A measurement for
// `make bench` (BENCH_EAR_FILE), not a test: it asserts no goal.

const SONG_CHANGES = Number(process.env.BENCH_EAR_CHANGES ?? 20);
const PRESSES = Number(process.env.BENCH_EAR_PRESSES ?? 20);
/** Quieter than this (RMS of a 20-ms frame) is silence; louder is sound. */
const SILENCE_RMS = 0.003;
/** A silence this long between two sounds is a song change (beats decay for a few ms only). */
const GAP_MS = 120;

declare global {
  interface Window {
    ear: {
      audibleStarts: number[];
      titles: { at: number; text: string }[];
      clicks: number[];
      firstSounds: number[];
      playing: number[];
    };
  }
}

/** Taps the player's audio and watches the title; times are the page's performance.now(). */
async function tap(page: Page): Promise<void> {
  await page.evaluate(
    ({ silence, gap }) => {
      const audio = document.querySelector('audio');
      if (!audio) throw new Error('no <audio> on the page');
      const ear = { audibleStarts: [], titles: [], clicks: [], firstSounds: [], playing: [] };
      window.ear = ear as Window['ear'];
      const context = new AudioContext();
      const analyser = context.createAnalyser();
      analyser.fftSize = 1024;
      context.createMediaElementSource(audio).connect(analyser);
      analyser.connect(context.destination);
      const samples = new Float32Array(analyser.fftSize);
      let silentSince: number | null = performance.now();
      let waitingForFirstSound = false;
      setInterval(() => {
        analyser.getFloatTimeDomainData(samples);
        let sum = 0;
        for (const sample of samples) sum += sample * sample;
        const loud = Math.sqrt(sum / samples.length) > silence;
        const now = performance.now();
        if (!loud) {
          silentSince ??= now;
          return;
        }
        if (waitingForFirstSound) {
          waitingForFirstSound = false;
          window.ear.firstSounds.push(now);
        } else if (silentSince !== null && now - silentSince >= gap) {
          window.ear.audibleStarts.push(now);
        }
        silentSince = null;
      }, 10);
      document.addEventListener(
        'click',
        (event) => {
          const button = (event.target as Element).closest('button');
          if (
            button?.getAttribute('aria-label') === 'Afspelen' ||
            button?.textContent?.includes('Afspelen')
          ) {
            window.ear.clicks.push(performance.now());
            waitingForFirstSound = true;
          }
        },
        true,
      );
      audio.addEventListener('playing', () => window.ear.playing.push(performance.now()));
      const title = document.querySelector('[aria-label="Nu te horen"] p');
      if (!title) throw new Error('no title under "Nu te horen"');
      new MutationObserver(() =>
        window.ear.titles.push({ at: performance.now(), text: title.textContent ?? '' }),
      ).observe(title, { characterData: true, childList: true, subtree: true });
      void context.resume();
    },
    { silence: SILENCE_RMS, gap: GAP_MS },
  );
}

const player = (page: Page) => page.getByRole('region', { name: 'Livespeler' });

/**
 * Plays until `changes` songs became audible; for each, when its title appeared on the page
 * relative to the moment it became audible (ms; negative: before), or null when it never did
 * before the next song.
 */
async function titleAgainstEar(page: Page, changes: number): Promise<(number | null)[]> {
  await tap(page);
  await player(page).getByRole('button', { name: 'Afspelen' }).click();
  await page.waitForFunction((n) => window.ear.audibleStarts.length > n, changes, {
    timeout: changes * 40_000,
    polling: 500,
  });
  const { audibleStarts, titles } = await page.evaluate(() => window.ear);
  await player(page).getByRole('button', { name: 'Pauzeren' }).click();
  // Each audible start but the last (the song after it may still be ahead of its title): the
  // first title change between the previous song's start and the next one's, nearest to it.
  return audibleStarts.slice(0, changes).map((at, i) => {
    const from = i === 0 ? at - 15_000 : (audibleStarts[i - 1] ?? at);
    const to = audibleStarts[i + 1] ?? at + 15_000;
    const candidates = titles.filter((t) => t.at > from && t.at < to).map((t) => t.at - at);
    if (candidates.length === 0) return null;
    return candidates.reduce((a, b) => (Math.abs(b) < Math.abs(a) ? b : a));
  });
}

test('the title against the ear, and the time to first sound', async ({ page, context }) => {
  const results: Record<string, unknown> = {};

  await page.goto('/');
  await player(page).getByRole('group', { name: 'Nu te horen' }).locator('p').first().waitFor();
  results.push = await titleAgainstEar(page, SONG_CHANGES);

  // The stream refused as the gateway refuses it when switched off: the page polls.
  await context.route('**/api/events**', (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: '{"message":"Dienst tijdelijk niet beschikbaar","code":"SERVICE_UNAVAILABLE"}',
    }),
  );
  await page.reload();
  await player(page).getByRole('group', { name: 'Nu te horen' }).locator('p').first().waitFor();
  results.poll = await titleAgainstEar(page, SONG_CHANGES);
  await context.unroute('**/api/events**');

  await page.reload();
  await tap(page);
  for (let i = 0; i < PRESSES; i++) {
    await player(page).getByRole('button', { name: 'Afspelen' }).click();
    await page.waitForFunction((n) => window.ear.firstSounds.length > n, i, { timeout: 20_000 });
    await player(page).getByRole('button', { name: 'Pauzeren' }).click();
    await page.waitForTimeout(1_000); // a listener pressing play again a moment later
  }
  const { clicks, firstSounds, playing } = await page.evaluate(() => window.ear);
  results.firstSound = clicks.map((at, i) => (firstSounds[i] ?? Number.NaN) - at);
  results.playingEvent = clicks.map((at) => (playing.find((p) => p >= at) ?? Number.NaN) - at);

  const file = process.env.BENCH_EAR_FILE;
  if (file) writeFileSync(file, JSON.stringify(results));
  test.info().annotations.push({ type: 'ear', description: JSON.stringify(results) });
  console.log(JSON.stringify(results));
});
