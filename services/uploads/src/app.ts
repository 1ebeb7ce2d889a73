import { JobProducer } from '@radio/contracts/jobs-producer';
import { assertRedisReady, createService, type ServiceApp } from '@radio/service-kit';
import { createStorage, pathSigningSecret, type ObjectStorage } from '@radio/storage';
import type { UploadsConfig } from './config.ts';
import { CloudUploadService, type StationLibrary } from './cloud-uploads/cloud-upload-service.ts';
import { CloudUploadsRepository } from './cloud-uploads/cloud-uploads-repository.ts';
import { cloudUploadRoutes } from './routes/cloud-upload-routes.ts';
import { UploadAdmission } from './upload-admission.ts';
import { voiceMessageRoutes } from './routes/voice-message-routes.ts';
import { VoiceMessageService } from './voice-messages/voice-message-service.ts';
import { VoiceMessagesRepository } from './voice-messages/voice-messages-repository.ts';
import { sweepWorkDirs, workParent } from './work-dir.ts';

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
      const admission = new UploadAdmission({
        redis: app.redis,
        workDir: workParent(storage),
        limits: {
          perDay: { track: config.CLOUD_UPLOADS_PER_DAY, voice: config.VOICE_MESSAGES_PER_DAY },
          inFlightPerListener: config.UPLOADS_IN_FLIGHT_PER_LISTENER,
          inFlightTotal: config.UPLOADS_IN_FLIGHT_TOTAL,
          minFreeBytes: config.STORAGE_MIN_FREE_MB * 1024 * 1024,
          timeZone: config.STATION_TZ,
        },
        metrics: app.metrics,
        log: app.log,
        limiter: app.logLimiter,
      });
      let stopSweeping = (): void => {};
      app.addHook('onReady', async () => {
        stopSweeping = sweepWorkDirs(storage, app.log);
      });
      app.addHook('onClose', async () => stopSweeping());
      const voices = new VoiceMessageService(
        storage,
        new VoiceMessagesRepository(app.db),
        admission,
      );
      await app.register(voiceMessageRoutes(voices, signingSecret));
      const jobs = new JobProducer(app.redis, (error) =>
        app.log.warn({ error: error.message }, 'job queue error'),
      );
      app.addHook('onClose', () => jobs.close());
      const library: StationLibrary | null = config.LIBRARY_DIR
        ? {
            enqueueAdd: async (uploadId) => {
              assertRedisReady(app.redis);
              await jobs.enqueue('add-upload-to-library', { uploadId });
            },
          }
        : null;
      const tracks = new CloudUploadService(
        storage,
        new CloudUploadsRepository(app.db),
        {
          perDay: config.CLOUD_UPLOADS_PER_DAY,
          downloadTtlSeconds: config.CLOUD_UPLOAD_LINK_SECONDS,
          ...(config.STORAGE_VIEW_URL_TEMPLATE && {
            storageView: { template: config.STORAGE_VIEW_URL_TEMPLATE, bucket: config.S3_BUCKET },
          }),
        },
        admission,
        library,
      );
      await app.register(cloudUploadRoutes(tracks, signingSecret));
    },
  });
}
