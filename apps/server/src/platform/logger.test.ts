import { DrizzleQueryError } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { seedIfEmpty } from '../db/seed/index.ts';
import { freshDatabase } from '../test/test-app.ts';
import { loggerOptions } from './logger.ts';

const lines: string[] = [];
let close: () => Promise<void>;
let inject: Awaited<ReturnType<typeof buildApp>>['inject'];

beforeAll(async () => {
  const config = loadConfig({ LOG_LEVEL: 'info', NODE_ENV: 'test' }, { inMemoryDb: true });
  const { database, drop } = await freshDatabase();
  await seedIfEmpty(database.db, { pharmacyEmailDomain: config.pharmacyEmailDomain });
  const app = await buildApp(config, { database, logStream: { write: (line) => lines.push(line) } });
  inject = app.inject.bind(app);
  close = async () => {
    await app.close();
    await drop();
  };
});
afterAll(async () => close());

describe('request logs', () => {
  it('are JSON with a request id, and never carry passwords, tokens or query strings', async () => {
    const signedIn = await inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'nurse@meadowbrook.test', password: 'portal-demo-1' },
    });
    const token = (signedIn.json() as { token: string }).token;
    await inject({
      method: 'GET',
      url: '/api/tokeninfo?patient=Jane%20Doe',
      headers: { authorization: `Bearer ${token}` },
    });
    await inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'nurse@meadowbrook.test', password: 'wrong-secret' },
    });
    const parsed = lines.map((line) => JSON.parse(line) as { reqId?: string });
    expect(parsed.length).toBeGreaterThan(4);
    expect(parsed.filter((l) => l.reqId).length).toBeGreaterThan(4);
    const all = lines.join('\n');
    for (const secret of ['portal-demo-1', 'wrong-secret', token, 'Jane']) expect(all).not.toContain(secret);
    expect(all).toContain('/api/tokeninfo');
  });
});

describe('error logs', () => {
  it("keep a failed query's SQL but never its parameters or the database error's detail", () => {
    const written: string[] = [];
    const { log } = Fastify({ logger: loggerOptions('error', { write: (line) => written.push(line) }) });
    const cause = Object.assign(
      new Error('duplicate key value violates unique constraint "users_email_key"'),
      {
        code: '23505',
        detail: 'Key (email)=(jane.doe@example.test) already exists.',
      },
    );
    const failed = new DrizzleQueryError(
      'insert into users (email, display_name, password_hash) values ($1, $2, $3)',
      ['jane.doe@example.test', 'Jane Doe', '$argon2id$v=19$secret-hash'],
      cause,
    );
    log.error({ err: failed }, 'request failed');
    const line = written.join('\n');
    expect(line).toContain('insert into users (email, display_name, password_hash) values ($1, $2, $3)');
    expect(line).toContain('23505');
    for (const secret of ['jane.doe', 'Jane Doe', 'argon2id', 'already exists'])
      expect(line).not.toContain(secret);
  });
});
