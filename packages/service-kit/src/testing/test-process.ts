import { createDb, type Db, type UserRow } from '@radio/db';
import {
  answersReadyz,
  createTestDatabase,
  freePort,
  startRedis,
  startServiceProcess,
  type ServiceProcess,
} from '@radio/testing';
import { HttpTestClient } from './http-test-client.ts';
import { createSessionCookie } from './session-cookie.ts';
import {
  testEnv,
  testUsers,
  type Env,
  type NewTestUser,
  type Persona,
  type TestUser,
} from './test-app.ts';

/** A service under test that runs as a process of its own: createTestApp's, over HTTP. */
export interface TestProcess {
  /** Where it listens (127.0.0.1, a free port). */
  url: string;
  env: Env;
  /** Its database, for the test's own reads and writes. */
  db: Db;
  process: ServiceProcess;
  client(): HttpTestClient;
  createUser(user?: NewTestUser): Promise<TestUser>;
  clientFor(user: Pick<UserRow, 'id'>): Promise<HttpTestClient>;
  as(persona: Persona): Promise<HttpTestClient>;
  close(): Promise<void>;
}

/**
 * Starts a service from its entry point (@radio/testing serviceEntrypoint) against its own fresh
 * database and Redis, once it answers /readyz. Call `close` in afterAll.
 */
export async function createTestProcess(entrypoint: string, env: Env = {}): Promise<TestProcess> {
  const database = await createTestDatabase();
  const redis = await startRedis();
  // A service that must know its own address (BUILT_IN_STATION_URL) is given its PORT.
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const fullEnv = testEnv(
    { databaseUrl: database.url, redisUrl: redis.url },
    { HOST: '127.0.0.1', ...env, PORT: String(port) },
  );
  const url = `http://127.0.0.1:${port}`;
  const db = createDb(fullEnv.DATABASE_URL ?? '');
  const cleanUp = async (): Promise<void> => {
    await db.destroy();
    await redis.stop();
    await database.drop();
  };
  let service: ServiceProcess;
  try {
    service = await startServiceProcess({
      entrypoint,
      env: fullEnv,
      ready: answersReadyz(url),
      what: entrypoint,
    });
  } catch (error) {
    await cleanUp();
    throw error;
  }
  const { createUser, personaUser } = testUsers(db);
  const clientFor = async (user: Pick<UserRow, 'id'>): Promise<HttpTestClient> =>
    new HttpTestClient(url, await createSessionCookie(db, fullEnv.SESSION_SECRET ?? '', user.id));
  return {
    url,
    env: fullEnv,
    db,
    process: service,
    client: () => new HttpTestClient(url),
    createUser,
    clientFor,
    async as(persona) {
      const user = await personaUser(persona);
      return user ? clientFor(user) : new HttpTestClient(url);
    },
    async close() {
      await service.stop();
      await cleanUp();
    },
  };
}
