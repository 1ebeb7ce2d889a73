import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { CloudUpload, CloudUploadFields } from '@radio/contracts';
import { ApiError } from '@/lib/api-client';
import { myUploadsQueryKey } from './get-my-uploads';

export type UploadProgress = { sent: number; total: number };

export type TrackUpload = CloudUploadFields & { file: File };

/** The listener stopped the upload: not a failure to report. */
export class UploadCancelled extends Error {
  constructor() {
    super('Upload geannuleerd');
    this.name = 'UploadCancelled';
  }
}

/** The refusal's text: `error` (spec section 7), else the kit's `message`. */
function refusalText(body: string): string | undefined {
  try {
    const parsed: unknown = JSON.parse(body);
    if (typeof parsed !== 'object' || parsed === null) return undefined;
    const text =
      ('error' in parsed && parsed.error) || ('message' in parsed && parsed.message) || undefined;
    return typeof text === 'string' ? text : undefined;
  } catch {
    return undefined;
  }
}

/**
 * POST /api/cloud-upload as multipart, with XMLHttpRequest: fetch reports no upload progress.
 * The text fields go before the file, so the server can check them before the bytes arrive.
 * A non-ok answer rejects with the app's ApiError ("{status}: {body}"), carrying `error`.
 */
export function uploadTrack(
  { file, artist, title, submittedBy, message }: TrackUpload,
  { onProgress, signal }: { onProgress: (progress: UploadProgress) => void; signal: AbortSignal },
): Promise<CloudUpload> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(new UploadCancelled());
      return;
    }
    const form = new FormData();
    form.append('artist', artist);
    form.append('title', title);
    form.append('submittedBy', submittedBy);
    if (message) form.append('message', message);
    form.append('audio', file, file.name);

    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/cloud-upload');
    xhr.withCredentials = true;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress({ sent: event.loaded, total: event.total });
    };
    xhr.onload = () => {
      const body = xhr.responseText;
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve((JSON.parse(body) as { upload: CloudUpload }).upload);
      } else {
        reject(new ApiError(xhr.status, xhr.statusText, body, refusalText(body)));
      }
    };
    xhr.onerror = () =>
      reject(new Error('Netwerkfout: de verbinding viel weg tijdens het uploaden.'));
    xhr.onabort = () => reject(new UploadCancelled());
    signal.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

export type UploadState = { phase: 'idle' } | { phase: 'uploading'; progress: UploadProgress };

/**
 * One upload at a time with its progress and a cancel; a stored upload refreshes "Mijn uploads".
 * The caller handles the outcome (toasts, focus) from the returned promise.
 */
export function useUploadTrack() {
  const queryClient = useQueryClient();
  const [state, setState] = useState<UploadState>({ phase: 'idle' });
  const controller = useRef<AbortController | null>(null);

  const start = useCallback(
    async (upload: TrackUpload): Promise<CloudUpload> => {
      const own = new AbortController();
      controller.current = own;
      setState({ phase: 'uploading', progress: { sent: 0, total: upload.file.size } });
      try {
        const stored = await uploadTrack(upload, {
          signal: own.signal,
          onProgress: (progress) => setState({ phase: 'uploading', progress }),
        });
        void queryClient.invalidateQueries({ queryKey: myUploadsQueryKey });
        return stored;
      } finally {
        controller.current = null;
        setState({ phase: 'idle' });
      }
    },
    [queryClient],
  );

  const cancel = useCallback(() => controller.current?.abort(), []);
  // Leaving the page stops the upload: nobody would see how it ends.
  useEffect(() => () => controller.current?.abort(), []);
  // A reload or a closed tab would end it too: the browser asks first.
  const uploading = state.phase === 'uploading';
  useEffect(() => {
    if (!uploading) return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [uploading]);

  return { state, start, cancel };
}
