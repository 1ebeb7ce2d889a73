import { loadConfig, runService } from '@radio/service-kit';
import { buildApp } from './app.ts';
import { authEnv } from './config.ts';

await runService(await buildApp(loadConfig(authEnv)));
