/**
 * How the scale-out suites judge the answers they collected under load: the native one
 * (scale.spec.ts) and the compose one (compose-test/scale.mjs, which mounts this folder).
 * Node built-ins only.
 */

/** A 503 the gateway or a service gives at once counts as "fast"; a slower one is an outage. */
export const FAST_MS = 1000;
/** The Dutch refusal of a listener over the hourly limit. */
export const LIMIT_TEXT = /^Je kunt over .+ weer een verzoekje indienen\.$/;

/** One call: what was asked, when, how long the answer took and what it said (status 0: none). */
export interface Sample {
  method: string;
  url: string;
  status: number;
  ms: number;
  at: number;
  body: { id?: number; message?: string; code?: string } | null;
}

/** How many answers had each status, e.g. {"200": 310, "201": 64}. */
export function countBy(samples: Pick<Sample, 'status'>[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const { status } of samples) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}

/** Answers that are neither a 2xx/4xx nor a fast JSON 503. */
export function badAnswers<S extends Sample>(samples: S[]): S[] {
  return samples.filter(
    (s) =>
      !(s.status >= 200 && s.status < 500) &&
      !(s.status === 503 && s.ms < FAST_MS && s.body?.code !== undefined),
  );
}

/** The answer time (ms) below which the fraction `p` of the samples fall. */
export function percentile(samples: Sample[], p: number): number {
  const sorted = samples.map((s) => s.ms).sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
}
