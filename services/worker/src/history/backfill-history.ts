import type { Logger } from 'pino';
import type { JobData } from '@radio/contracts/jobs';
import type { DjSettingsReader } from '@radio/db';
import { activeSourceOf, type SourceFactory } from '../station/active-source.ts';
import type { PlayHistoryRepository } from './play-history-repository.ts';

export interface BackfillDeps {
  settings: DjSettingsReader;
  history: PlayHistoryRepository;
  createSource: SourceFactory;
  timeoutMs: number;
  log: Logger;
}

/**
 * The backfill-history job: stores the visible plays of a window from the active source's
 * history (it needs the API key). A failing source fails the job, which BullMQ retries.
 */
export async function backfillHistory(
  deps: BackfillDeps,
  { from, to }: JobData<'backfill-history'>,
): Promise<void> {
  const source = activeSourceOf(await deps.settings.read(), deps.timeoutMs);
  if (!source?.settings.apiKey) return;
  const plays = await deps.createSource(source.settings).history({ start: from, end: to });
  const added = await deps.history.record(
    source.key,
    plays.filter((play) => play.isVisible),
  );
  deps.log.info({ source: source.key, from, to, added }, 'play history backfilled');
}
