import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type DatabaseKind } from '../support/databases.ts';
import { serverEntry } from '../support/server-bundle.ts';

/**
 * DESIGN §9: any number of stateless API replicas on one PostgreSQL. Two real
 * server processes share one database: a customer signs up on one and uses
 * the session on the other; limits and the outbox are shared, not per process.
 */
const ports = [18_471, 18_472] as const;
const url = (i: 0 | 1, path: string) => `http://127.0.0.1:${ports[i]}${path}`;

async function call(i: 0 | 1, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(url(i, path), {
    method,
    headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any };
}

function stop(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    server.once('exit', () => resolve());
    server.kill('SIGTERM');
  });
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('two server processes on one PostgreSQL', () => {
  const servers: ChildProcess[] = [];
  let close: () => Promise<void> = async () => {};

  beforeAll(async () => {
    const database = await createTestDatabase('postgres' as DatabaseKind);
    close = database.close;
    const databaseUrl = database.url as string;
    await database.db.destroy(); // the servers bring their own pools
    // the replicas of one deployment share its keys: a hand-over signed on one is taken on the other
    const authHandoffKey = randomBytes(32).toString('base64url');
    for (const port of ports) {
      servers.push(
        spawn(process.execPath, serverEntry('main'), {
          env: {
            ...process.env,
            SANDBOX: 'true',
            PORT: String(port),
            DATABASE_URL: databaseUrl,
            AUTH_HANDOFF_KEY: authHandoffKey,
            STATIC_DIR: '',
            LOG_LEVEL: 'warn',
          },
          stdio: ['ignore', 'ignore', 'inherit'],
        }),
      );
    }
    for (const i of [0, 1] as const) {
      for (let tries = 0; ; tries++) {
        try {
          if ((await fetch(url(i, '/healthz'))).ok) break;
        } catch {
          if (tries > 300) throw new Error(`server ${i} never became healthy`);
          await new Promise((r) => setTimeout(r, 100));
        }
      }
    }
  }, 60_000);

  afterAll(async () => {
    await Promise.all(servers.map(stop));
    await close();
  });

  it('signs up on one replica, delivers the code from either outbox worker, and serves the session on the other', async () => {
    const email = 'replica@example.test';
    const sent = await call(0, 'POST', '/api/oauth/email/send', {
      email,
      password: 'secret123',
      country: 'GB',
      accept_terms: true,
      accept_privacy: true,
    });
    expect(sent.status).toBe(201);

    // asking again on the other replica within 60 s is refused: the limit lives in the database
    const tooSoon = await call(1, 'POST', '/api/oauth/email/reset', undefined, {
      authorization: `Bearer ${sent.body.data.registration_token}`,
    });
    expect(tooSoon.status).toBe(429);
    expect(tooSoon.body.errors[0].type).toBe('urn:sarraf:error:EmailSendExist');

    let code: string | undefined;
    for (let i = 0; i < 100 && !code; i++) {
      const inbox = await call(1, 'GET', `/sandbox/messages?to=${encodeURIComponent(email)}`);
      code = /\b(\d{6})\b/.exec(inbox.body.data[0]?.body ?? '')?.[1];
      if (!code) await new Promise((r) => setTimeout(r, 100));
    }
    expect(code).toBeDefined();
    const inbox = await call(0, 'GET', `/sandbox/messages?to=${encodeURIComponent(email)}`);
    expect(inbox.body.data).toHaveLength(1); // two workers, one e-mail

    const checked = await call(
      1,
      'POST',
      '/api/oauth/email/check',
      { code },
      {
        authorization: `Bearer ${sent.body.data.registration_token}`,
      },
    );
    expect(checked.status).toBe(200);
    const registration = { authorization: `Bearer ${sent.body.data.registration_token}` };
    // the code checked on one replica, the registration committed on the other, the hand-over taken on the first
    const committed = await call(0, 'POST', '/api/oauth/commit', undefined, registration);
    expect(committed.status).toBe(201);
    const signedIn = await call(1, 'POST', '/api/oauth/jwt2auth', { jwt: committed.body.data.jwt });
    expect(signedIn.status).toBe(200);
    const token = signedIn.body.data.token as string;

    const onOther = await call(0, 'POST', '/api/main/user/get', undefined, { 'x-auth-token': token });
    expect(onOther.status).toBe(200);
    expect(onOther.body.data.user.email).toBe(email);

    await call(0, 'POST', '/api/main/user/logout', undefined, { 'x-auth-token': token });
    const afterLogout = await call(1, 'POST', '/api/main/user/get', undefined, { 'x-auth-token': token });
    expect(afterLogout.status).toBe(401);
  }, 60_000);
});
