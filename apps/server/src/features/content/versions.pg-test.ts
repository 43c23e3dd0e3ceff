import type { Version } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, bodyOf, buildTestApp, signIn, type TestApp } from '../../test/test-app.ts';

// Runs only against PostgreSQL (vitest includes *.pg-test.ts when DATABASE_URL is set): two saves at once need two
// transactions at once, which PGlite's one connection cannot hold.

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await buildTestApp();
  token = await signIn(t.app, 'sysadmin@pharmacy.test');
});
afterAll(async () => t.close());

const versionBody = { title: 'Race', description: '<p>a</p>', pharmUserDescription: '', date: '2026-11-02' };

describe('one version written two ways, saved twice at once', () => {
  it('is stored once; the other save gets the 409 of a taken version', async () => {
    const pool = t.database.pool;
    if (!pool) throw new Error('this test needs PostgreSQL');
    // Both saves are held after their check (which reads versions) and before their insert (which this lock
    // blocks), so each has seen no '7.1' when it writes: only the database can refuse the second.
    const holder = await pool.connect();
    let answers: { status: number; body: Record<string, unknown> }[];
    try {
      await holder.query('begin');
      await holder.query('lock table versions in share mode');
      const saves = ['7.1', '7.1.0'].map(async (version) => {
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/versions',
          headers: bearer(token),
          payload: { ...versionBody, version },
        });
        return { status: response.statusCode, body: bodyOf(response) };
      });
      // Wait until both inserts queue behind the lock (not a timing assertion: it only waits for that state).
      for (let waited = 0; ; waited++) {
        const { rows } = await pool.query<{ n: number }>(
          `select count(*)::int as n from pg_locks l join pg_class c on c.oid = l.relation
           where c.relname = 'versions' and not l.granted`,
        );
        if (rows[0]?.n === 2) break;
        if (waited > 600) throw new Error('the two saves never reached their insert');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await holder.query('commit');
      answers = await Promise.all(saves);
    } finally {
      holder.release();
    }
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 409)?.body).toMatchObject({
      message: 'That version already exists',
      fields: { version: 'That version already exists' },
    });
    const listed = await t.app.inject({ method: 'GET', url: '/api/versions', headers: bearer(token) });
    const stored = (bodyOf(listed).versions as Version[]).filter((v) => v.title === 'Race');
    expect(stored).toHaveLength(1);
  });
});
