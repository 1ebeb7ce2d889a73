/**
 * `make test-backup`: `make backup` of a running native stack (the e2e global setup's: free
 * ports, a temporary DATA_DIR) with users, a request, plays, a voice message and an upload added
 * to the library, then `make restore` into a fresh data folder, a second stack started on it, and
 * the same data found there; see backup-restore.spec.ts. Stack logs: e2e/artifacts/backup-*.log.
 */
import { ownStackConfig } from '../support/own-stack-config.ts';

// Short songs, so plays are in the history within seconds.
process.env.E2E_DEMO_TRACK_SECONDS ??= '8';
process.env.INGEST_INTERVAL_SECONDS = '3';

export default ownStackConfig('backup', { timeoutMinutes: 6 });
