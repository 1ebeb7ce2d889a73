import { loadConfig, runService } from '@radio/service-kit';
import { buildApp } from './app.ts';
import { uploadsEnv } from './config.ts';

await runService(await buildApp(loadConfig(uploadsEnv)));
