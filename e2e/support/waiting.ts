/**
 * Waiting in the fault and scale suites: for a condition, never for a time. The one pause left
 * is a load loop's pace (light load: so many requests a second), which is the load itself.
 */

/** The pause between two requests of a load loop: its pace. Never a wait for something. */
export const pace = (ms: number): Promise<void> =>
  new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Asks `check` every `everyMs` until it holds: the time (Date.now()) it first held, or 0 when it
 * did not within `timeoutMs`.
 */
export async function whenTrue(
  check: () => boolean | Promise<boolean>,
  timeoutMs: number,
  everyMs = 100,
): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return Date.now();
    if (Date.now() >= deadline) return 0;
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
