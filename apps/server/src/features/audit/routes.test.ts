import { AUDIT_CSV_COLUMNS, type AuditEvent, type AuditPage } from '@portal/domain';
import { parse } from 'csv-parse/sync';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, users } from '../../db/schema/index.ts';
import { expectCompressed } from '../../test/compression.ts';
import { ADMIN, DON, NURSE, PHARMACIST, SUPER, SYSADMIN } from '../../test/demo-accounts.ts';
import { bearer, buildTestApp, signInAll, type TestApp } from '../../test/test-app.ts';
import { EXPORT_PAGE } from './queries.ts';

let t: TestApp;
let tokens: Record<string, string>;
const idOf: Record<string, number> = {};

type Seeded = Partial<typeof auditEvents.$inferInsert> & { kind: string };
const seed = async (rows: Seeded[]) => {
  const inserted = await t.database.db
    .insert(auditEvents)
    .values(rows.map((r) => ({ actor: 'seed', outcome: 'success' as const, ...r })))
    .returning({ id: auditEvents.id });
  return inserted.map((r) => r.id);
};

const get = (who: string, query: Record<string, string | number> = {}) =>
  t.app.inject({
    method: 'GET',
    url: '/api/audit',
    query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
    headers: bearer(tokens[who] ?? ''),
  });
const pageOf = async (who: string, query: Record<string, string | number> = {}) => {
  const response = await get(who, query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as AuditPage;
};
/** Every page of a query, following nextCursor. */
const allPages = async (who: string, query: Record<string, string | number>) => {
  const events: AuditEvent[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const page: AuditPage = await pageOf(who, cursor ? { ...query, cursor } : query);
    events.push(...page.events);
    cursor = page.nextCursor;
    pages += 1;
  } while (cursor && pages < 100);
  return { events, pages };
};

beforeAll(async () => {
  t = await buildTestApp();
  tokens = await signInAll(t.app, [SUPER, SYSADMIN, PHARMACIST, ADMIN, NURSE, DON]);
  const rows = await t.database.db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, [SUPER, SYSADMIN, PHARMACIST, ADMIN, NURSE, DON]));
  for (const row of rows) idOf[row.email] = row.id;
});
afterAll(() => t.close());

describe('who may read the audit trail', () => {
  it('refuses facility users and non-SysAdmin pharmacy staff with 403, and records the denied read', async () => {
    for (const who of [ADMIN, NURSE, DON, PHARMACIST]) {
      const response = await get(who);
      expect(response.statusCode, who).toBe(403);
    }
    const denied = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.kind, 'audit.read'), eq(auditEvents.outcome, 'denied')));
    expect(denied.map((e) => e.actor).sort()).toEqual([ADMIN, DON, NURSE, PHARMACIST].sort());
  });

  it('refuses an anonymous caller with 401', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/audit' });
    expect(response.statusCode).toBe(401);
  });

  it("gives a SysAdmin their pharmacies' facilities and people, never another pharmacy's; a SuperAdmin everything", async () => {
    const kind = 'test.scope';
    const [at101, at201, at301, donNoFac, superNoFac, unknownNoFac, aboutNurse, ohioAfterSprxUser] =
      await seed([
        { kind, facId: 101, userId: idOf[NURSE], actor: NURSE },
        { kind, facId: 201, userId: idOf[DON], actor: DON },
        { kind, facId: 301, userId: null, actor: 'someone@buckeye.test' },
        { kind, facId: null, userId: idOf[DON], actor: DON },
        { kind, facId: null, userId: idOf[SUPER], actor: SUPER, recordType: 'release_note', recordId: '1' },
        { kind, facId: null, userId: null, actor: 'nobody@nowhere.test', outcome: 'failure' },
        {
          kind,
          facId: null,
          userId: idOf[SUPER],
          actor: SUPER,
          recordType: 'user',
          recordId: String(idOf[NURSE]),
        },
        // A sprx user acting at another pharmacy's facility: the facility decides, so not the sprx SysAdmin's.
        { kind, facId: 301, userId: idOf[NURSE], actor: NURSE },
      ]);
    const sysadmin = (await allPages(SYSADMIN, { kind })).events.map((e) => e.id);
    expect(sysadmin.sort()).toEqual([at101, at201, donNoFac, aboutNurse].sort());
    const all = (await allPages(SUPER, { kind })).events.map((e) => e.id);
    expect(all.sort()).toEqual(
      [at101, at201, at301, donNoFac, superNoFac, unknownNoFac, aboutNurse, ohioAfterSprxUser].sort(),
    );
    // Asking for another pharmacy's facility by filter answers nothing rather than widening the scope.
    expect((await pageOf(SYSADMIN, { kind, facId: 301 })).events).toEqual([]);
  });
});

describe('filters', () => {
  let ids: Record<string, number> = {};
  beforeAll(async () => {
    const [a, b, c, d, e] = await seed([
      {
        kind: 'filt.one',
        facId: 101,
        userId: idOf[NURSE],
        actor: NURSE,
        at: new Date('2026-01-01T10:00:00Z'),
      },
      {
        kind: 'filt.two',
        facId: 102,
        userId: idOf[ADMIN],
        actor: ADMIN,
        recordType: 'highCost',
        recordId: '77',
        at: new Date('2026-01-02T10:00:00Z'),
      },
      {
        kind: 'filt.two',
        facId: 101,
        userId: idOf[ADMIN],
        actor: ADMIN,
        recordType: 'highCost',
        recordId: '78',
        at: new Date('2026-01-03T10:00:00Z'),
      },
      {
        kind: 'filtx',
        facId: 101,
        userId: null,
        actor: 'ghost@else.test',
        at: new Date('2026-01-04T10:00:00Z'),
      },
      {
        kind: 'filt_one',
        facId: 101,
        userId: idOf[NURSE],
        actor: NURSE,
        at: new Date('2026-01-05T10:00:00Z'),
      },
    ]);
    ids = { a, b, c, d, e } as Record<string, number>;
  });
  const idsFor = async (query: Record<string, string | number>) =>
    (await allPages(SUPER, query)).events.map((e) => e.id).sort((x, y) => x - y);

  it('by kind, exactly or by a prefix ending in "." (a "_" is not a wildcard)', async () => {
    expect(await idsFor({ kind: 'filt.two' })).toEqual([ids.b, ids.c]);
    expect(await idsFor({ kind: 'filt.' })).toEqual([ids.a, ids.b, ids.c]);
    expect(await idsFor({ kind: 'filt_one' })).toEqual([ids.e]);
  });

  it('by user id, by user email (also a failed actor with no account), by facility and by record', async () => {
    expect(await idsFor({ kind: 'filt.', userId: idOf[ADMIN] as number })).toEqual([ids.b, ids.c]);
    expect(await idsFor({ kind: 'filt.', user: NURSE.toUpperCase() })).toEqual([ids.a]);
    expect(await idsFor({ kind: 'filtx', user: 'ghost@else.test' })).toEqual([ids.d]);
    expect(await idsFor({ kind: 'filt.', facId: 102 })).toEqual([ids.b]);
    expect(await idsFor({ recordType: 'highCost', recordId: '78', kind: 'filt.two' })).toEqual([ids.c]);
  });

  it('by time range, both ends inclusive', async () => {
    expect(
      await idsFor({ kind: 'filt.', from: '2026-01-02T10:00:00Z', to: '2026-01-03T10:00:00.000+00:00' }),
    ).toEqual([ids.b, ids.c]);
    expect(await idsFor({ kind: 'filt.', from: '2026-01-02T10:00:00.001Z' })).toEqual([ids.c]);
  });

  it.each([
    [{ from: '2026-01-03T00:00:00Z', to: '2026-01-02T00:00:00Z' }, 'to'],
    [{ from: 'yesterday' }, 'from'],
    [{ recordId: '78' }, 'recordId'],
    [{ limit: 201 }, 'limit'],
    [{ limit: 0 }, 'limit'],
    [{ cursor: 'abc' }, 'cursor'],
    [{ kind: 'auth%' }, 'kind'],
    [{ userId: 'me' }, 'userId'],
    [{ colour: 'red' }, 'colour'],
  ])('answers 400 naming the field for %j', async (query, field) => {
    const response = await get(SUPER, query as Record<string, string>);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBeTruthy();
    expect(Object.keys(response.json().fields ?? {})).toContain(field);
  });
});

describe('keyset paging', () => {
  it('walks every row exactly once, newest first, ties on time split by id, unmoved by new events', async () => {
    const kind = 'test.page';
    const same = new Date('2026-02-01T00:00:00Z');
    const seeded = await seed(
      Array.from({ length: 23 }, (_, i) => ({
        kind,
        facId: 101,
        // Half the rows share one instant, so the order must fall back to the id.
        at: i % 2 === 0 ? same : new Date(same.getTime() + i * 1000),
      })),
    );
    const first = await pageOf(SYSADMIN, { kind, limit: 5 });
    expect(first.events).toHaveLength(5);
    // A newer event arriving between pages must not shift the next pages.
    await seed([{ kind, facId: 101 }]);
    const seen = [...first.events];
    let cursor = first.nextCursor;
    while (cursor) {
      const page = await pageOf(SYSADMIN, { kind, limit: 5, cursor });
      seen.push(...page.events);
      cursor = page.nextCursor;
    }
    const ids = seen.map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort((a, b) => a - b)).toEqual([...seeded].sort((a, b) => a - b));
    const order = seen.map((e) => [Date.parse(e.at), e.id] as const);
    for (let i = 1; i < order.length; i += 1) {
      const [prevAt, prevId] = order[i - 1] as readonly [number, number];
      const [at, id] = order[i] as readonly [number, number];
      expect(prevAt > at || (prevAt === at && prevId > id)).toBe(true);
    }
  });

  it('defaults to 50 a page and ends with a null cursor', async () => {
    const page = await pageOf(SUPER);
    expect(page.events).toHaveLength(50);
    expect(page.nextCursor).not.toBeNull();
    const last = await pageOf(SUPER, { kind: 'test.page', limit: 200 });
    expect(last.nextCursor).toBeNull();
  });

  it('records each read as audit.read with its filters', async () => {
    await pageOf(SYSADMIN, { kind: 'filt.two', facId: 101 });
    const [read] = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.kind, 'audit.read'), eq(auditEvents.userId, idOf[SYSADMIN] as number)))
      .orderBy(auditEvents.id)
      .then((rows) => rows.slice(-1));
    expect(read).toMatchObject({ outcome: 'success', actor: SYSADMIN, recordType: 'audit' });
    expect(read?.detail).toMatchObject({ kind: 'filt.two', facId: 101, count: 1 });
  });
});

describe('CSV export', () => {
  it('streams every matching row with a header, quoted, and formula-looking cells neutralised', async () => {
    const kind = 'test.csv';
    await seed([
      {
        kind,
        facId: 101,
        actor: '=HYPERLINK("http://evil.test","click")',
        detail: { note: 'a, "quoted"\nline' },
      },
      { kind, facId: 101, actor: '+1+1', recordId: '@SUM(A1)' },
      { kind, facId: 101, actor: '-2', recordType: 'plain' },
      ...Array.from({ length: EXPORT_PAGE }, () => ({ kind, facId: 102 })),
    ]);
    const response = await get(SYSADMIN, { kind, format: 'csv' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="audit-.*\.csv"$/);
    const rows = parse(response.body) as string[][];
    expect(rows[0]).toEqual([...AUDIT_CSV_COLUMNS]);
    // More rows than one internal page: the export follows the cursor to the end.
    expect(rows).toHaveLength(1 + EXPORT_PAGE + 3);
    const col = (name: (typeof AUDIT_CSV_COLUMNS)[number]) => AUDIT_CSV_COLUMNS.indexOf(name);
    const actors = rows.slice(1).map((r) => r[col('actor')]);
    expect(actors).toContain('\'=HYPERLINK("http://evil.test","click")');
    expect(actors).toContain("'+1+1");
    expect(actors).toContain("'-2");
    expect(rows.slice(1).map((r) => r[col('recordId')])).toContain("'@SUM(A1)");
    const quoted = rows.find((r) => r[col('actor')]?.includes('HYPERLINK'));
    expect(JSON.parse(quoted?.[col('detail')] ?? '{}')).toEqual({ note: 'a, "quoted"\nline' });
    expect(quoted?.[col('facName')]).toBe('Meadowbrook Care Center');
  });

  it('keeps to the same scope, and records the export', async () => {
    await seed([
      { kind: 'test.csv2', facId: 301 },
      { kind: 'test.csv2', facId: 201 },
    ]);
    const rows = parse((await get(SYSADMIN, { kind: 'test.csv2', format: 'csv' })).body) as string[][];
    expect(rows.slice(1).map((r) => r[AUDIT_CSV_COLUMNS.indexOf('facId')])).toEqual(['201']);
    const exports = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.kind, 'audit.export'), eq(auditEvents.userId, idOf[SYSADMIN] as number)));
    expect(exports.map((e) => e.detail)).toContainEqual({ kind: 'test.csv2' });
    expect((await get(NURSE, { format: 'csv' })).statusCode).toBe(403);
  });
});

describe('answer compression', () => {
  const kind = 'test.compressed';
  const request = (format: 'json' | 'csv') => ({
    method: 'GET' as const,
    url: '/api/audit',
    query: { kind, format, limit: '200' },
    headers: bearer(tokens[SUPER] ?? ''),
  });
  beforeAll(async () => {
    await seed(
      Array.from({ length: 40 }, (_, i) => ({ kind, facId: 101, recordType: 'alert', recordId: `${i}` })),
    );
  });

  it('sends a page as brotli or gzip to a client that accepts it, the same answer as uncompressed', async () => {
    await expectCompressed(t.app, request('json'));
  });

  it('sends the CSV export as brotli or gzip to a client that accepts it, the same rows as uncompressed', async () => {
    const plain = await expectCompressed(t.app, request('csv'));
    expect(plain.headers['content-type']).toMatch(/^text\/csv/);
  });
});

describe('OpenAPI', () => {
  it('documents GET /api/audit with its filters and an example page', async () => {
    const doc = (await t.app.inject('/api/openapi.json')).json() as {
      paths: Record<string, Record<string, { parameters?: { name: string }[]; responses?: unknown }>>;
    };
    const route = doc.paths['/api/audit']?.get;
    expect(route?.parameters?.map((p) => p.name)).toEqual(
      expect.arrayContaining([
        'user',
        'userId',
        'facId',
        'recordType',
        'recordId',
        'kind',
        'from',
        'to',
        'cursor',
        'limit',
        'format',
      ]),
    );
    expect(JSON.stringify(route?.responses)).toContain('nurse@meadowbrook.test');
  });
});

describe('ids PostgreSQL cannot hold', () => {
  it.each([
    ['user', '2147483648'],
    ['user', '99999999999999999999'],
    ['userId', '2147483648'],
    ['facId', '0x65'],
    ['userId', '1e3'],
  ])('refuses %s=%s with a 400 naming it', async (name, value) => {
    const response = await get(SUPER, { [name]: value });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { [name]: expect.any(String) },
    });
  });

  it('still finds a user by id or by email', async () => {
    expect((await get(SUPER, { user: String(idOf[NURSE]) })).statusCode).toBe(200);
    expect((await get(SUPER, { user: NURSE })).statusCode).toBe(200);
  });
});

describe('dates PostgreSQL cannot store', () => {
  it.each([
    ['from', '0000-01-01T00:00:00Z'],
    ['to', '0001-01-01T00:00:00+01:00'],
    // Written in 9999 and 1900, but the offsets carry the instants into 10000 (ISO text +010000-..., which PostgreSQL
    // does not read: a 500) and 1899.
    ['from', '9999-12-31T23:00:00-05:00'],
    ['to', '9999-12-31T23:59:59-23:59'],
    ['from', '1900-01-01T00:00:00+14:00'],
  ])('refuses %s=%s with a 400 naming it', async (name, value) => {
    const response = await get(SUPER, { [name]: value });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ fields: { [name]: 'Use a year from 1900 to 9999' } });
  });
});
