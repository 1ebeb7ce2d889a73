/**
 * `make test-faults`: the fault suite. Starts its own native stack like the e2e run (the same
 * global setup: free ports, a temporary DATA_DIR) and kills its processes under light load; see
 * faults.spec.ts. Its stack log is e2e/artifacts/faults-stack.log.
 */
import { ownStackConfig } from '../support/own-stack-config.ts';

// Short songs (6.4–9.6 s), so tracks change, and are reported, during every outage.
process.env.E2E_DEMO_TRACK_SECONDS ??= '8';
// Passed on to the stack by the global setup: rotate small logs often, so the suite sees it.
process.env.LOG_MAX_BYTES = '20000';
process.env.LOG_CHECK_SECONDS = '3';
process.env.INGEST_INTERVAL_SECONDS = '5';

export default ownStackConfig('faults', { timeoutMinutes: 8 });
