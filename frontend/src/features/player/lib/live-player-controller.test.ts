import { describe, expect, it } from 'vitest';
import { mockMediaElement } from '@/test/media-mock';
import { clampVolume, DEFAULT_VOLUME, LivePlayerController } from './live-player-controller';

describe('clampVolume', () => {
  it.each([
    [0.5, 0.5],
    [0, 0],
    [1, 1],
    [1.5, 1],
    [-0.2, 0],
    [Number.POSITIVE_INFINITY, 1],
    [Number.NaN, 0],
  ])('%s becomes %s', (volume, clamped) => {
    expect(clampVolume(volume)).toBe(clamped);
  });
});

describe('LivePlayerController volume', () => {
  it('starts at 0.75 and keeps the element and the state between 0 and 1', () => {
    const controller = new LivePlayerController();
    const audio = document.createElement('audio');
    controller.attach(audio);

    expect(DEFAULT_VOLUME).toBe(0.75);
    expect(controller.getState().volume).toBe(0.75);
    expect(audio.volume).toBe(0.75);

    controller.setVolume(3);
    expect(controller.getState().volume).toBe(1);
    expect(audio.volume).toBe(1);

    controller.setVolume(-1);
    expect(controller.getState().volume).toBe(0);
    expect(audio.volume).toBe(0);
  });

  it('gives a newly attached element the chosen volume', () => {
    const controller = new LivePlayerController();
    controller.setVolume(0.4);
    const audio = document.createElement('audio');

    controller.attach(audio);

    expect(audio.volume).toBe(0.4);
  });
});

describe('LivePlayerController sources', () => {
  it('tries each distinct address once, in order', () => {
    const { plays } = mockMediaElement();
    const controller = new LivePlayerController();
    controller.attach(document.createElement('audio'));
    controller.setSources(['https://a/stream', '', 'https://a/stream']);

    controller.play();

    expect(plays.map((call) => call.src)).toEqual(['https://a/stream']);
    expect(controller.getState()).toMatchObject({ isLoading: true, isPlaying: false });
  });
});

describe('LivePlayerController live delay', () => {
  it('is the buffered audio ahead of what plays while playing, else 0', async () => {
    const { plays } = mockMediaElement();
    const controller = new LivePlayerController();
    const audio = document.createElement('audio');
    Object.defineProperty(audio, 'buffered', {
      get: () => ({ length: 1, start: () => 10, end: () => 14.25 }),
    });
    Object.defineProperty(audio, 'currentTime', { get: () => 10.5 });
    controller.attach(audio);
    controller.setSources(['https://a/stream']);
    expect(controller.liveDelayMs()).toBe(0);

    controller.play();
    await plays[0]!.resolve();
    expect(controller.getState().isPlaying).toBe(true);
    expect(controller.liveDelayMs()).toBe(3_750);

    controller.stop();
    expect(controller.liveDelayMs()).toBe(0);
  });
});
