export { startPostgres, type PostgresServer } from './postgres.ts';
export { startRedis, type RedisServer } from './redis.ts';
export { startS3, type S3Server } from './s3.ts';
export { createTestDatabase, type TestDatabase } from './database.ts';
export { freePort, spawnTethered, stopProcess, waitFor } from './process.ts';
export {
  answersReadyz,
  startServiceProcess,
  type ServiceProcess,
  type ServiceProcessOptions,
} from './service-process.ts';
export {
  NO_DEEZER_ENV,
  serviceEntrypoint,
  startWorkerProcess,
  type ServiceName,
} from './service-entrypoints.ts';
export {
  azuraCastError,
  azuraCastFixture,
  azuraCastPlainTextError,
  fakeStationPaths,
  startFakeStationServer,
  type AzuraCastFixture,
  type FakeResponse,
  type FakeStationServer,
  type ReceivedRequest,
} from './fake-station.ts';
export {
  FAKE_DEEZER_TRACK_ID,
  startFakeDeezer,
  type DeezerFixture,
  type FakeDeezer,
  type FakeDeezerVariant,
} from './fake-deezer.ts';
export {
  FAKE_INVALID_ARL,
  FAKE_VALID_ARL,
  startFakeDeezerGateway,
  type FakeDeezerGateway,
  type GatewayRequest,
} from './fake-deezer-gateway.ts';
export { prometheusSample } from './prometheus.ts';
export {
  startFakeAzuraCast,
  type FakeApiKey,
  type FakeAzuraCast,
  type FakeAzuraCastLocale,
  type FakeAzuraCastOptions,
  type FakeAzuraCastVersion,
  type FakeHistoryRow,
  type FakeMedia,
  type FakeMediaInput,
  type FakePlaylist,
  type FakePlaylistInput,
  type FakeQueueRow,
  type FakeSongRequest,
  type FakeStationPermission,
} from './fake-azuracast.ts';
