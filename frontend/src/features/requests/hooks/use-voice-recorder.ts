import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '@/components/ui/use-toast';
import {
  extensionOf,
  RECORDING_BITS_PER_SECOND,
  RECORDING_CHUNK_MS,
  RECORDING_CONSTRAINTS,
  RECORDING_MAX_SECONDS,
  recordingType,
} from '../lib/recording-format';

export type RecorderState = 'idle' | 'recording' | 'paused' | 'stopped';

export type Recording = { blob: Blob; fileName: string; url: string };

const TICK_MS = 250;

function recordingFailed(description: string) {
  toast({ variant: 'destructive', title: 'Opname Error', description });
}

/** Spec section 4: idle -> recording <-> paused -> stopped with a ready recording; 120 s at most. */
export function useVoiceRecorder() {
  const [state, setState] = useState<RecorderState>('idle');
  const [elapsedMs, setElapsedMs] = useState(0);
  const [recording, setRecording] = useState<Recording | null>(null);
  const recorder = useRef<MediaRecorder | null>(null);
  const stream = useRef<MediaStream | null>(null);
  const chunks = useRef<Blob[]>([]);
  // Time recorded before the current stretch, and when the current stretch began.
  const recordedMs = useRef(0);
  const stretchStart = useRef<number | null>(null);

  const releaseMicrophone = useCallback(() => {
    stream.current?.getTracks().forEach((track) => track.stop());
    stream.current = null;
  }, []);

  const stop = useCallback(() => {
    const active = recorder.current;
    if (!active || active.state === 'inactive') return;
    if (stretchStart.current !== null) {
      recordedMs.current += performance.now() - stretchStart.current;
      stretchStart.current = null;
    }
    active.stop();
  }, []);

  const start = useCallback(async () => {
    if (recorder.current && recorder.current.state !== 'inactive') return;
    let media: MediaStream;
    try {
      media = await navigator.mediaDevices.getUserMedia({ audio: RECORDING_CONSTRAINTS });
    } catch {
      toast({
        variant: 'destructive',
        title: 'Microfoon Error',
        description:
          'Geen toegang tot je microfoon. Geef de site toestemming in je browser en probeer het opnieuw.',
      });
      return;
    }
    let created: MediaRecorder;
    try {
      const mimeType = recordingType();
      created = new MediaRecorder(media, {
        ...(mimeType ? { mimeType } : {}),
        audioBitsPerSecond: RECORDING_BITS_PER_SECOND,
      });
    } catch {
      media.getTracks().forEach((track) => track.stop());
      recordingFailed('Opnemen wordt door deze browser niet ondersteund.');
      return;
    }
    stream.current = media;
    recorder.current = created;
    chunks.current = [];
    recordedMs.current = 0;
    created.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.current.push(event.data);
    };
    created.onerror = () => {
      recordingFailed('Er ging iets mis tijdens het opnemen. Probeer het opnieuw.');
      releaseMicrophone();
      recorder.current = null;
      setState('idle');
    };
    created.onstop = () => {
      releaseMicrophone();
      recorder.current = null;
      const type = created.mimeType || chunks.current[0]?.type || 'audio/webm';
      const blob = new Blob(chunks.current, { type });
      chunks.current = [];
      if (blob.size === 0) {
        recordingFailed('De opname is leeg. Probeer het opnieuw.');
        setState('idle');
        setElapsedMs(0);
        return;
      }
      setElapsedMs(Math.min(recordedMs.current, RECORDING_MAX_SECONDS * 1000));
      setRecording({
        blob,
        fileName: `spraakbericht.${extensionOf(type)}`,
        url: URL.createObjectURL(blob),
      });
      setState('stopped');
    };
    created.start(RECORDING_CHUNK_MS);
    stretchStart.current = performance.now();
    setElapsedMs(0);
    setState('recording');
  }, [releaseMicrophone]);

  const pause = useCallback(() => {
    if (recorder.current?.state !== 'recording') return;
    recorder.current.pause();
    if (stretchStart.current !== null)
      recordedMs.current += performance.now() - stretchStart.current;
    stretchStart.current = null;
    setElapsedMs(recordedMs.current);
    setState('paused');
  }, []);

  const resume = useCallback(() => {
    if (recorder.current?.state !== 'paused') return;
    recorder.current.resume();
    stretchStart.current = performance.now();
    setState('recording');
  }, []);

  const discard = useCallback(() => {
    const active = recorder.current;
    if (active && active.state !== 'inactive') {
      active.onstop = null;
      active.stop();
    }
    recorder.current = null;
    releaseMicrophone();
    chunks.current = [];
    recordedMs.current = 0;
    stretchStart.current = null;
    setRecording((previous) => {
      if (previous) URL.revokeObjectURL(previous.url);
      return null;
    });
    setElapsedMs(0);
    setState('idle');
  }, [releaseMicrophone]);

  // The clock while recording, and the stop at the limit.
  useEffect(() => {
    if (state !== 'recording') return undefined;
    const timer = setInterval(() => {
      const now =
        recordedMs.current + (performance.now() - (stretchStart.current ?? performance.now()));
      if (now >= RECORDING_MAX_SECONDS * 1000) {
        recordedMs.current = RECORDING_MAX_SECONDS * 1000;
        stretchStart.current = null;
        setElapsedMs(RECORDING_MAX_SECONDS * 1000);
        recorder.current?.stop();
      } else {
        setElapsedMs(now);
      }
    }, TICK_MS);
    return () => clearInterval(timer);
  }, [state]);

  // Leaving the page ends the recording and frees the microphone.
  useEffect(
    () => () => {
      const active = recorder.current;
      if (active && active.state !== 'inactive') {
        active.onstop = null;
        active.stop();
      }
      stream.current?.getTracks().forEach((track) => track.stop());
    },
    [],
  );

  return { state, elapsedMs, recording, start, pause, resume, stop, discard };
}
