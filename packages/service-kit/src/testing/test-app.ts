import { randomBytes } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import type { Db, Role, UserRow } from '@radio/db';
import { createTestDatabase, startRedis } from '@radio/testing';
import type { ServiceApp } from '../create-service.ts';
import { createSessionCookie } from './session-cookie.ts';
import { TestClient } from './test-client.ts';

export type Env = Record<string, string>;
export type BuildApp = (env: Env) => Promise<ServiceApp>;

export const TEST_PASSWORD = 'geheim123';

/** A complete environment for a service under test; `env` overrides it. */
export function testEnv(urls: { databaseUrl: string; redisUrl: string }, env: Env = {}): Env {
  return {
    NODE_ENV: 'test',
    PORT: '0',
    // A server process started from this env serves its metrics on a free port of its own.
    METRICS_PORT: '0',
    DATABASE_URL: urls.databaseUrl,
    REDIS_URL: urls.redisUrl,
    SESSION_SECRET: 'test-session-secret-that-is-long-enough',
    INTERNAL_TOKEN: 'test-internal-token',
    // The requests service stores it as the built-in station's key when it starts.
    STATION_API_KEY: 'test-station-api-key',
    PUBLIC_ORIGIN: 'http://radio.test',
    LOG_LEVEL: 'silent',
    ...env,
  };
}

export interface NewTestUser {
  email?: string;
  password?: string;
  name?: string;
  role?: Role;
  isActive?: boolean;
}

export interface TestUser extends UserRow {
  /** The plain password, to log in with. */
  password: string;
}

export type Persona = 'anonymous' | 'listener' | 'deactivated' | 'admin';
export const PERSONAS: readonly Persona[] = ['anonymous', 'listener', 'deactivated', 'admin'];

const personaUsers: Record<Exclude<Persona, 'anonymous'>, NewTestUser> = {
  listener: { name: 'Luisteraar Test', role: 'listener' },
  deactivated: { name: 'Gedeactiveerd Test', role: 'listener', isActive: false },
  admin: { name: 'Beheerder Test', role: 'admin' },
};

let userCount = 0;

export interface TestApp {
  app: ServiceApp;
  env: Env;
  /** A browser without cookies. */
  client(): TestClient;
  createUser(user?: NewTestUser): Promise<TestUser>;
  /** A browser with a fresh session of this user (written straight to the session store). */
  clientFor(user: Pick<UserRow, 'id'>): Promise<TestClient>;
  /** The user behind a persona, created on first use (null for anonymous). */
  personaUser(persona: Persona): Promise<TestUser | null>;
  /** A browser as that persona. The deactivated user's session is a fresh one each time. */
  as(persona: Persona): Promise<TestClient>;
  close(): Promise<void>;
}

/** Users of a service under test, written straight to its database, and its personas' users. */
export function testUsers(db: Db): {
  createUser(user?: NewTestUser): Promise<TestUser>;
  personaUser(persona: Persona): Promise<TestUser | null>;
} {
  const personas = new Map<Persona, TestUser>();

  const createUser = async (user: NewTestUser = {}): Promise<TestUser> => {
    userCount += 1;
    const password = user.password ?? TEST_PASSWORD;
    const row = await db
      .insertInto('users')
      .values({
        email: user.email ?? `gebruiker${userCount}-${randomBytes(3).toString('hex')}@radio.test`,
        passwordHash: await hash(password),
        name: user.name ?? `Gebruiker ${userCount}`,
        role: user.role ?? 'listener',
        isActive: user.isActive ?? true,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return { ...row, password };
  };

  const personaUser = async (persona: Persona): Promise<TestUser | null> => {
    if (persona === 'anonymous') return null;
    const existing = personas.get(persona);
    if (existing) return existing;
    const user = await createUser(personaUsers[persona]);
    personas.set(persona, user);
    return user;
  };
  return { createUser, personaUser };
}

/**
 * Builds a service against its own fresh database (cloned from the migrated template) and its
 * own Redis. Call `close` in afterAll/afterEach.
 */
export async function createTestApp(build: BuildApp, env: Env = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const redis = await startRedis();
  const fullEnv = testEnv({ databaseUrl: database.url, redisUrl: redis.url }, env);
  const cleanUp = async (): Promise<void> => {
    await redis.stop();
    await database.drop();
  };
  let app: ServiceApp;
  try {
    app = await build(fullEnv);
    await app.ready();
  } catch (error) {
    await cleanUp();
    throw error;
  }
  const { createUser, personaUser } = testUsers(app.db);
  const clientFor = async (user: Pick<UserRow, 'id'>): Promise<TestClient> =>
    new TestClient(app, await createSessionCookie(app.db, fullEnv.SESSION_SECRET ?? '', user.id));

  return {
    app,
    env: fullEnv,
    client: () => new TestClient(app),
    createUser,
    clientFor,
    personaUser,
    async as(persona) {
      const user = await personaUser(persona);
      return user ? clientFor(user) : new TestClient(app);
    },
    async close() {
      await app.close();
      await cleanUp();
    },
  };
}
