import { createService, type ServiceApp } from '@radio/service-kit';
import { createStorage, pathSigningSecret, type ObjectStorage } from '@radio/storage';
import type { UploadsConfig } from './config.ts';
import { voicetrackRoutes } from './routes/voicetrack-routes.ts';
import { VoiceMessageService } from './voice-messages/voice-message-service.ts';
import { VoiceMessagesRepository } from './voice-messages/voice-messages-repository.ts';

export interface UploadsAppOptions {
  /** Replaces the configured storage (tests that inspect the stored objects). */
  storage?: ObjectStorage;
}

export function buildApp(
  config: UploadsConfig,
  options: UploadsAppOptions = {},
): Promise<ServiceApp> {
  const signingSecret = pathSigningSecret(config.INTERNAL_TOKEN);
  const storage = options.storage ?? createStorage(config, { urlPrefix: '/files', signingSecret });
  return createService({
    name: 'uploads',
    config,
    routes: async (app) => {
      const voices = new VoiceMessageService(storage, new VoiceMessagesRepository(app.db));
      await app.register(voicetrackRoutes(voices, signingSecret));
    },
  });
}
