import { writeFile } from 'node:fs/promises';

/**
 * Rewrites `file` every `intervalMs` while the event loop runs: a supervisor that finds it old
 * knows the worker froze and restarts it. Returns the stop function.
 */
export function startHeartbeat(
  file: string,
  intervalMs: number,
  onError: (error: unknown) => void,
): () => void {
  const beat = (): void => {
    writeFile(file, `${new Date().toISOString()}\n`).catch(onError);
  };
  beat();
  const timer = setInterval(beat, intervalMs);
  return () => clearInterval(timer);
}
