import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { seedIfEmpty } from '../db/seed/index.ts';
import { freshDatabase } from '../test/test-app.ts';

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
