/**
 * `make test-scale`: the scale-out suite. Starts its own native stack like the e2e run (free
 * ports, a temporary DATA_DIR) with REQUESTS_REPLICAS copies of the requests service behind the
 * gateway; see scale.spec.ts. Its stack log is e2e/artifacts/scale-stack.log.
 */
import { ownStackConfig } from '../support/own-stack-config.ts';

process.env.REQUESTS_REPLICAS = '3';
process.env.E2E_DEMO_TRACK_SECONDS ??= '8';

export default ownStackConfig('scale', { timeoutMinutes: 3, globalSetup: './global-setup.ts' });
