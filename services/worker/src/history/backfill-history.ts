import type { Logger } from 'pino';
import { z } from 'zod';
import { activeSourceOf, type SourceFactory } from '../station/active-source.ts';
import type { DjSettingsRepository } from '../station/dj-settings-repository.ts';
import type { PlayHistoryRepository } from './play-history-repository.ts';

export const backfillJobDataSchema = z.object({
  from: z.iso.datetime().transform((value) => new Date(value)),
  to: z.iso.datetime().transform((value) => new Date(value)),
});

export interface BackfillDeps {
  settings: DjSettingsRepository;
  history: PlayHistoryRepository;
  createSource: SourceFactory;
  timeoutMs: number;
  log: Logger;
}

/**
 * The backfill-history job: stores the visible plays of a window from the active source's
 * history (it needs the API key). A failing source fails the job, which BullMQ retries.
 */
export async function backfillHistory(deps: BackfillDeps, data: unknown): Promise<void> {
  const { from, to } = backfillJobDataSchema.parse(data);
  const source = activeSourceOf(await deps.settings.sourceSettings(), deps.timeoutMs);
  if (!source?.settings.apiKey) return;
  const plays = await deps.createSource(source.settings).history({ start: from, end: to });
  const added = await deps.history.record(
    source.key,
    plays.filter((play) => play.isVisible),
  );
  deps.log.info({ source: source.key, from, to, added }, 'play history backfilled');
}
