import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { useToasts } from '@/components/ui/use-toast';
import { useVoiceRecorder } from './use-voice-recorder';

// The browser's recording API replaced at its boundary: a MediaRecorder that hands out one
// chunk a second while recording, and a microphone that can be refused.
class FakeMediaRecorder {
  static supported = new Set(['audio/webm;codecs=opus', 'audio/webm']);
  static last: FakeMediaRecorder | undefined;
  static isTypeSupported = (type: string) => FakeMediaRecorder.supported.has(type);
  state: 'inactive' | 'recording' | 'paused' = 'inactive';
  mimeType: string;
  options: MediaRecorderOptions;
  timeslice: number | undefined;
  chunkBytes = 4;
  ondataavailable: ((event: { data: Blob }) => void) | null = null;
  onstop: (() => void) | null = null;
  onerror: (() => void) | null = null;
  #timer: ReturnType<typeof setInterval> | undefined;
  constructor(_stream: MediaStream, options: MediaRecorderOptions) {
    this.options = options;
    this.mimeType = options.mimeType ?? 'audio/webm';
    FakeMediaRecorder.last = this;
  }
  start(timeslice?: number) {
    this.timeslice = timeslice;
    this.state = 'recording';
    this.#timer = setInterval(() => {
      if (this.state === 'recording') this.#emit();
    }, timeslice);
  }
  pause() {
    this.state = 'paused';
  }
  resume() {
    this.state = 'recording';
  }
  stop() {
    clearInterval(this.#timer);
    this.state = 'inactive';
    this.#emit();
    this.onstop?.();
  }
  #emit() {
    this.ondataavailable?.({ data: new Blob([new Uint8Array(this.chunkBytes)]) });
  }
}

const stopTrack = vi.fn();
const getUserMedia = vi.fn();

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'performance'] });
  vi.stubGlobal('MediaRecorder', FakeMediaRecorder);
  getUserMedia.mockResolvedValue({ getTracks: () => [{ stop: stopTrack }] });
  Object.defineProperty(navigator, 'mediaDevices', {
    value: { getUserMedia },
    configurable: true,
  });
  URL.createObjectURL = vi.fn(() => 'blob:spraakbericht');
  URL.revokeObjectURL = vi.fn();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  stopTrack.mockClear();
});

function renderRecorder() {
  return renderHook(() => ({ recorder: useVoiceRecorder(), toasts: useToasts() }));
}

describe('the voice recorder', () => {
  it('records 48 kHz mono without processing as webm/opus at about 320 kbps in 1 s chunks', async () => {
    const { result } = renderRecorder();
    await act(() => result.current.recorder.start());

    expect(getUserMedia).toHaveBeenCalledWith({
      audio: {
        sampleRate: 48_000,
        channelCount: 1,
        sampleSize: 16,
        echoCancellation: false,
        noiseSuppression: false,
        autoGainControl: false,
      },
    });
    expect(FakeMediaRecorder.last?.options).toEqual({
      mimeType: 'audio/webm;codecs=opus',
      audioBitsPerSecond: 320_000,
    });
    expect(FakeMediaRecorder.last?.timeslice).toBe(1000);
    expect(result.current.recorder.state).toBe('recording');
  });

  it('stops by itself at 2:00, keeps the recording and frees the microphone', async () => {
    const { result } = renderRecorder();
    await act(() => result.current.recorder.start());
    await act(async () => vi.advanceTimersByTimeAsync(119_000));
    expect(result.current.recorder.state).toBe('recording');
    expect(Math.floor(result.current.recorder.elapsedMs / 1000)).toBe(119);

    await act(async () => vi.advanceTimersByTimeAsync(1_500));
    expect(result.current.recorder.state).toBe('stopped');
    expect(result.current.recorder.elapsedMs).toBe(120_000);
    expect(result.current.recorder.recording?.fileName).toBe('spraakbericht.webm');
    expect(stopTrack).toHaveBeenCalled();
  });

  it('does not count paused time, and names the file after the type the browser recorded', async () => {
    FakeMediaRecorder.supported = new Set(['audio/mp4']);
    const { result } = renderRecorder();
    await act(() => result.current.recorder.start());
    await act(async () => vi.advanceTimersByTimeAsync(3_000));
    act(() => result.current.recorder.pause());
    expect(result.current.recorder.state).toBe('paused');
    await act(async () => vi.advanceTimersByTimeAsync(10_000));
    act(() => result.current.recorder.resume());
    await act(async () => vi.advanceTimersByTimeAsync(2_000));
    act(() => result.current.recorder.stop());

    expect(Math.round(result.current.recorder.elapsedMs / 1000)).toBe(5);
    expect(result.current.recorder.recording?.fileName).toBe('spraakbericht.m4a');
    FakeMediaRecorder.supported = new Set(['audio/webm;codecs=opus', 'audio/webm']);
  });

  it('says "Microfoon Error" when the microphone is refused', async () => {
    getUserMedia.mockRejectedValue(new DOMException('denied', 'NotAllowedError'));
    const { result } = renderRecorder();
    await act(() => result.current.recorder.start());
    expect(result.current.recorder.state).toBe('idle');
    expect(result.current.toasts[0]?.title).toBe('Microfoon Error');
  });

  it('says "Opname Error" for an empty recording', async () => {
    const { result } = renderRecorder();
    await act(() => result.current.recorder.start());
    if (FakeMediaRecorder.last) FakeMediaRecorder.last.chunkBytes = 0;
    act(() => result.current.recorder.stop());
    expect(result.current.recorder.state).toBe('idle');
    expect(result.current.recorder.recording).toBeNull();
    expect(result.current.toasts[0]?.title).toBe('Opname Error');
  });
});
