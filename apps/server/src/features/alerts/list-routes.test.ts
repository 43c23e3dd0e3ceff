import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { alertSchemaOf, listSortColumns, srxStatusLabel, WIDGETS, widgetByKey } from '@portal/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allPages, isUnreadFirst, listAlerts, readRuns } from '../../test/alerts.ts';
import { buildTestApp, signInAll, type TestApp } from '../../test/test-app.ts';
import { sortColumnsOf } from './sorting.ts';

let t: TestApp;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await buildTestApp();
  Object.assign(
    tokens,
    await signInAll(t.app, [
      'nurse@meadowbrook.test',
      'admin@meadowbrook.test',
      'don@lakeside.test',
      'sysadmin@pharmacy.test',
      'super@portal.test',
    ]),
  );
});
afterAll(async () => t.close());

const nurse = () => tokens['nurse@meadowbrook.test'] ?? '';
const don = () => tokens['don@lakeside.test'] ?? '';

describe('list answer compression', () => {
  const call = (encoding: string) =>
    t.app.inject({
      url: `/api${widgetByKey('highCost').listCall}`,
      headers: { authorization: `Bearer ${nurse()}`, 'accept-encoding': encoding },
    });
  const withoutTime = (text: string) => ({ ...JSON.parse(text), timeStamp: null });

  it('sends brotli or gzip to a client that accepts it, the same answer as uncompressed', async () => {
    const plain = await call('identity');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(2048);

    const br = await call('gzip, deflate, br, zstd');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(withoutTime(brotliDecompressSync(br.rawPayload).toString())).toEqual(withoutTime(plain.body));

    const gz = await call('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(withoutTime(gunzipSync(gz.rawPayload).toString())).toEqual(withoutTime(plain.body));
  });
});

describe.each(WIDGETS.map((w) => [w.key, w] as const))('%s list call', (_key, widget) => {
  it('answers under its own key with the total count and the common fields', async () => {
    const { status, body, list, count } = await listAlerts(t.app, nurse(), widget);
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual(
      [widget.listKey, 'count', 'cursor', 'nextPage', 'timeStamp'].sort(),
    );
    expect(list.length).toBeGreaterThanOrEqual(5);
    expect(count).toBe(list.length);
    for (const alert of list) {
      expect(alert.facID).toBe(101);
      expect(alert.archiveDtTm).toBeNull();
      expect(alert).toHaveProperty('requestedActions');
    }
  });

  it("carries every field of its widget's schema, live and archived", async () => {
    const schema = alertSchemaOf(widget.key).strict();
    for (const query of ['', 'archived=true']) {
      const { list } = await listAlerts(t.app, nurse(), widget, query);
      for (const alert of list) {
        const parsed = schema.safeParse(alert);
        expect(parsed.success, `${widget.key} ${alert.rxNo}: ${parsed.error?.message}`).toBe(true);
      }
    }
  });

  it('keeps the archive apart, newest first when ascending', async () => {
    const { list } = await listAlerts(t.app, nurse(), widget, 'archived=true&sortOrder=asc');
    expect(list.length).toBeGreaterThanOrEqual(3);
    expect(list.every((a) => a.archiveDtTm !== null)).toBe(true);
    const dates = list.map((a) => a.dateCreated);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('shows another pharmacy’s user none of it, whatever facilityIds asks', async () => {
    for (const query of [
      '',
      'facilityIds=101',
      'facilityIds=101&facilityIds=102&facilityIds=301',
      'archived=true&facilityIds=102',
    ]) {
      const { list } = await listAlerts(t.app, don(), widget, query);
      expect(list.every((a) => a.facID === 201)).toBe(true);
    }
  });
});

describe('sorting', () => {
  it.each(WIDGETS.map((w) => [w.key, w] as const))(
    '%s sorts by every column its table shows, and every other it offers, both ways',
    async (_key, widget) => {
      const columns = new Set([...listSortColumns(widget), ...Object.keys(sortColumnsOf(widget.key))]);
      for (const sort of columns) {
        for (const sortOrder of ['asc', 'desc'] as const) {
          const { status, list } = await listAlerts(
            t.app,
            tokens['super@portal.test'] ?? '',
            widget,
            `sort=${sort}&sortOrder=${sortOrder}`,
          );
          expect(status, `${widget.key} ${sort}`).toBe(200);
          // Unread rows first whatever the column (spec 1, section 4), each run in the column's order.
          expect(isUnreadFirst(list), `${widget.key} by ${sort} ${sortOrder}`).toBe(true);
          for (const run of readRuns(list)) {
            // The Status column sorts by the label it shows, without regard to case (no status shows as '').
            const values = run.map((a) =>
              sort === 'srxStatus'
                ? srxStatusLabel(a.srxStatus).toLowerCase()
                : (a as Record<string, unknown>)[sort],
            );
            const comparable = values.filter((v) => typeof v === 'string' || typeof v === 'number') as (
              | string
              | number
            )[];
            if (comparable.length === values.length && sort !== 'facName' && sort !== 'facilityName') {
              const sorted = [...comparable].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
              expect(comparable, `${widget.key} by ${sort} ${sortOrder}`).toEqual(
                sortOrder === 'asc' ? sorted : sorted.reverse(),
              );
            }
          }
        }
      }
    },
  );

  it('sorts by facility name across facilities', async () => {
    const widget = widgetByKey('nonCovered');
    const { list } = await listAlerts(
      t.app,
      tokens['admin@meadowbrook.test'] ?? '',
      widget,
      'sort=facName&sortOrder=desc',
    );
    expect(isUnreadFirst(list)).toBe(true);
    for (const run of readRuns(list)) {
      const names = run.map((a) => a.facName);
      expect(names).toEqual([...names].sort().reverse());
    }
    expect(new Set(list.map((a) => a.facName))).toEqual(
      new Set(['Meadowbrook Care Center', 'Meadowbrook East']),
    );
  });

  it('refuses an unknown sort column, naming the valid ones', async () => {
    const { status, body } = await listAlerts(t.app, nurse(), widgetByKey('highCost'), 'sort=password');
    expect(status).toBe(400);
    expect((body.fields as Record<string, string>).sort).toContain('dateCreated');
  });

  // Found by alert-routes.fuzz.test.ts: the column lookup found Object's own members, and the statement failed (500).
  it.each([
    ['refillTooSoon', 'toString'],
    ['patMissing', 'constructor'],
    ['highCost', '__proto__'],
  ] as const)(
    'refuses %s sorted by %s, a member of every object, as an unknown column',
    async (key, sort) => {
      const { status, body } = await listAlerts(t.app, don(), widgetByKey(key), `sort=${sort}`);
      expect(status).toBe(400);
      expect(body.message).toBe('Unknown sort column.');
    },
  );
});

describe('paging', () => {
  it('walks every alert once with cursors of 2, matching count, for each viewer', async () => {
    const widget = widgetByKey('refillTooSoon');
    for (const token of Object.values(tokens)) {
      const { count } = await listAlerts(t.app, token, widget);
      const seen = await allPages(t.app, token, widget, 'limit=2&sort=patName&sortOrder=desc');
      expect(seen).toHaveLength(count);
      expect(new Set(seen.map((a) => a._internalID)).size).toBe(count);
    }
  });

  it('pages the archive by cursor too, and by page number', async () => {
    const widget = widgetByKey('highCost');
    const sys = tokens['sysadmin@pharmacy.test'] ?? '';
    const all = await allPages(t.app, sys, widget, 'archived=true&limit=4');
    const { count } = await listAlerts(t.app, sys, widget, 'archived=true');
    expect(all).toHaveLength(count);
    const page2 = await listAlerts(t.app, sys, widget, 'archived=true&limit=4&page=2');
    expect(page2.list.map((a) => a._internalID)).toEqual(all.slice(4, 8).map((a) => a._internalID));
    expect(page2.body.nextPage).toBe(count > 8 ? 3 : null);
  });

  it.each([
    ['limit=101', 'limit'],
    ['limit=0', 'limit'],
    ['page=0', 'page'],
    // Numbers are digits: what Number() would also read (hex, exponent, a space) is refused, not taken as 16 or 10.
    ['limit=0x10', 'limit'],
    ['limit=1e1', 'limit'],
    ['page=%202', 'page'],
    ['cursor=not-a-cursor', 'cursor'],
    ['facilityIds=abc', 'facilityIds.0'],
    ['unknown=1', 'unknown'],
    ['sortOrder=sideways', 'sortOrder'],
  ])('refuses %s with 400', async (query, field) => {
    const { status, body } = await listAlerts(t.app, nurse(), widgetByKey('openBatch'), query);
    expect(status).toBe(400);
    expect(Object.keys(body.fields as object)).toContain(field);
  });

  it('refuses a cursor made for another sort', async () => {
    const widget = widgetByKey('openBatch');
    const first = await listAlerts(t.app, nurse(), widget, 'limit=1');
    const { status } = await listAlerts(
      t.app,
      nurse(),
      widget,
      `limit=1&sort=patName&cursor=${first.cursor}`,
    );
    expect(status).toBe(400);
  });
});

describe('cursors', () => {
  const forged = (cursor: Record<string, unknown>) =>
    Buffer.from(JSON.stringify(cursor)).toString('base64url');
  const widget = widgetByKey('highCost');

  it.each([
    ['dateCreated', { v: 'garbage' }],
    ['dateCreated', { v: '2026-02-30 10:00:00+00' }],
    ['dateCreated', { v: 12 }],
    ['ttlPrice', { v: 'abc' }],
    ['ttlPrice', { v: 'NaN' }],
    ['patName', { v: 3 }],
    // Found by alert-routes.fuzz.test.ts, each a 500 before: a zone offset PostgreSQL refuses ('time zone
    // displacement out of range'), and text it cannot store, which the query's own check cannot see in the base64.
    ['dateCreated', { v: '2026-11-02 14:00:00+05:99' }],
    ['dateCreated', { v: '2026-11-02 14:00:00+16' }],
    ['srxStatus', { v: '\u0000' }],
    ['patName', { v: 'Kowalczyk\udc00' }],
  ])('refuses a cursor whose %s value the column could not have given (%j) with 400', async (sort, value) => {
    const cursor = forged({ s: sort, o: 'asc', a: false, i: 1, ...value });
    const { status, body } = await listAlerts(t.app, nurse(), widget, `sort=${sort}&cursor=${cursor}`);
    expect(status).toBe(400);
    expect(body.fields).toEqual({ cursor: 'Invalid cursor' });
  });

  it('tells the next page by number when paging by cursor too', async () => {
    const sys = tokens['sysadmin@pharmacy.test'] ?? '';
    const first = await listAlerts(t.app, sys, widget, 'limit=2');
    expect(first.body.nextPage).toBe(2);
    const second = await listAlerts(t.app, sys, widget, `limit=2&cursor=${first.cursor}`);
    expect(second.body.nextPage).toBe(3);
    const third = await listAlerts(t.app, sys, widget, `limit=2&cursor=${second.cursor}`);
    expect(third.body.nextPage).toBe(4);
    // The pages by number are the same rows.
    const byNumber = await listAlerts(t.app, sys, widget, 'limit=2&page=3');
    expect(third.list.map((a) => a._internalID)).toEqual(byNumber.list.map((a) => a._internalID));
  });

  it('takes back the cursor it gave after the longest name a column can hold', async () => {
    const name = `Zzzz${'é'.repeat(496)}`;
    const [row] = (
      (await t.database.db.execute(
        sql`update alerts set pat_name = ${name}, read_by_faci = false where id = (select id from alerts where widget = 'highCost' and fac_id = 101 and not is_archived order by id limit 1) returning id`,
      )) as unknown as { rows: { id: number }[] }
    ).rows;
    const first = await listAlerts(t.app, nurse(), widget, 'limit=1&sort=patName&sortOrder=desc');
    expect(first.list[0]?._internalID).toBe(Number(row?.id));
    expect(first.cursor?.length).toBeGreaterThan(1000);
    const next = await listAlerts(
      t.app,
      nurse(),
      widget,
      `limit=1&sort=patName&sortOrder=desc&cursor=${first.cursor}`,
    );
    expect(next.status).toBe(200);
    expect(next.list[0]?._internalID).not.toBe(Number(row?.id));
  });
});

describe('facilityIds and the archive range', () => {
  it('narrows to the facilities asked for and never widens', async () => {
    const widget = widgetByKey('priorAuth');
    const admin = tokens['admin@meadowbrook.test'] ?? '';
    const both = await listAlerts(t.app, admin, widget);
    const only102 = await listAlerts(t.app, admin, widget, 'facilityIds=102');
    expect(only102.list.every((a) => a.facID === 102)).toBe(true);
    expect(only102.count).toBeLessThan(both.count);
    const widened = await listAlerts(t.app, admin, widget, 'facilityIds=102&facilityIds=201');
    expect(widened.count).toBe(only102.count);
  });

  it('filters the archive by alert day and refuses From after To or To in the future', async () => {
    const widget = widgetByKey('theraInt');
    const today = new Date().toISOString().slice(0, 10);
    const everything = await listAlerts(t.app, nurse(), widget, 'archived=true');
    const ranged = await listAlerts(t.app, nurse(), widget, `archived=true&from=2000-01-01&to=${today}`);
    expect(ranged.count).toBe(everything.count);
    const none = await listAlerts(t.app, nurse(), widget, 'archived=true&from=2000-01-01&to=2000-01-02');
    expect(none.count).toBe(0);
    const backwards = await listAlerts(t.app, nurse(), widget, `archived=true&from=${today}&to=2000-01-01`);
    expect(backwards.status).toBe(400);
    expect(backwards.body.fields).toEqual({ from: 'From cannot be after To' });
    const future = await listAlerts(t.app, nurse(), widget, 'archived=true&to=2999-01-01');
    expect(future.body.fields).toEqual({ to: 'To cannot be in the future' });
    const futureFrom = await listAlerts(t.app, nurse(), widget, 'archived=true&from=2999-01-01');
    expect(futureFrom.status).toBe(400);
    expect(futureFrom.body.fields).toEqual({ from: 'From cannot be in the future' });
    const live = await listAlerts(t.app, nurse(), widget, 'from=2020-01-01');
    expect(live.status).toBe(400);
    // A day that does not exist is refused, not rolled over (30 February would be 2 March, after To).
    for (const query of ['from=2026-02-30&to=2026-03-01', 'from=2025-13-45', 'to=2026-02-29']) {
      const impossible = await listAlerts(t.app, nurse(), widget, `archived=true&${query}`);
      expect(impossible.status, query).toBe(400);
      expect(Object.values(impossible.body.fields ?? {}), query).toEqual(['Use a date as YYYY-MM-DD']);
    }
    expect((await listAlerts(t.app, nurse(), widget, 'archived=true&from=2024-02-29')).status).toBe(200);
  });

  it("takes From and To as the caller's calendar days when it names its time zone", async () => {
    const widget = widgetByKey('nonCovered');
    const [alert] = (await listAlerts(t.app, nurse(), widget, 'archived=true')).list;
    if (!alert) throw new Error('no archived non-covered alert');
    // 10:30 pm on 19 October in Chicago, already the 20th in UTC.
    await t.database.db.execute(
      sql`update alerts set date_created = '2026-10-20T03:30:00Z' where id = ${alert._internalID}`,
    );
    const day = async (date: string, zone?: string) => {
      const query = `archived=true&from=${date}&to=${date}${zone ? `&tz=${encodeURIComponent(zone)}` : ''}`;
      const answer = await listAlerts(t.app, nurse(), widget, query);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return answer.list.map((a) => a._internalID);
    };
    expect(await day('2026-10-19', 'America/Chicago')).toEqual([alert._internalID]);
    expect(await day('2026-10-20', 'America/Chicago')).toEqual([]);
    expect(await day('2026-10-20')).toEqual([alert._internalID]);
    expect(await day('2026-10-19')).toEqual([]);
    // Tokyo is 9 hours ahead: the same instant is 12:30 pm on the 20th there.
    expect(await day('2026-10-20', 'Asia/Tokyo')).toEqual([alert._internalID]);
  });

  it("judges 'To in the future' by the caller's own today, and refuses an unknown time zone", async () => {
    const widget = widgetByKey('nonCovered');
    // Kiritimati (UTC+14) is always a day or two ahead of UTC-12: its today is never in the future there.
    const kiritimatiToday = new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Kiritimati' }).format(
      new Date(),
    );
    const ahead = `archived=true&to=${kiritimatiToday}`;
    expect((await listAlerts(t.app, nurse(), widget, `${ahead}&tz=Pacific/Kiritimati`)).status).toBe(200);
    const behind = await listAlerts(t.app, nurse(), widget, `${ahead}&tz=Etc/GMT%2B12`);
    expect(behind.status).toBe(400);
    expect(behind.body.fields).toEqual({ to: 'To cannot be in the future' });
    const unknown = await listAlerts(t.app, nurse(), widget, 'archived=true&to=2026-10-01&tz=Mars/Olympus');
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(unknown.body)).toContain('Use a time zone such as America/Chicago');
  });
});

describe('sorting the archive', () => {
  it('lists newest first when ascending by date, but names and amounts in the order asked', async () => {
    const widget = widgetByKey('highCost');
    const order = async (query: string, field: 'patName' | 'ttlPrice' | 'dateCreated') =>
      (await listAlerts(t.app, nurse(), widget, `archived=true&${query}`)).list.map((a) => a[field]);
    const names = await order('sort=patName&sortOrder=asc', 'patName');
    expect(new Set(names).size).toBeGreaterThan(1);
    expect(names).toEqual([...names].sort((a, b) => String(a).localeCompare(String(b))));
    const costs = (await order('sort=ttlPrice&sortOrder=desc', 'ttlPrice')).map(Number);
    expect(costs).toEqual([...costs].sort((a, b) => b - a));
    const dates = await order('sort=dateCreated&sortOrder=asc', 'dateCreated');
    expect(dates).toEqual([...dates].sort().reverse());
  });
});

describe('sorting text', () => {
  it('sorts names without regard to case, on either database, and pages them by cursor in that order', async () => {
    const widget = widgetByKey('theraInt');
    const { list } = await listAlerts(t.app, nurse(), widget, 'facilityIds=101');
    const ids = list.slice(0, 4).map((a) => a._internalID);
    expect(ids).toHaveLength(4);
    const names = ['van Dyke, Bob', 'Zimmer, Zoe', 'de Luca, Anna', 'Evans, Ben'];
    for (const [index, id] of ids.entries()) {
      // All four read, so they sort among each other by name alone (unread rows come first).
      await t.database.db.execute(
        sql`update alerts set pat_name = ${names[index]}, read_by_faci = true where id = ${id}`,
      );
    }
    const sorted = await allPages(t.app, nurse(), widget, 'facilityIds=101&limit=1&sort=patName');
    const ours = sorted.map((a) => a.patName).filter((name) => names.includes(name));
    expect(ours).toEqual(['de Luca, Anna', 'Evans, Ben', 'van Dyke, Bob', 'Zimmer, Zoe']);
  });
});

describe('sorting the Status column', () => {
  const widget = widgetByKey('theraInt');
  // By code these run approveonce, deny, donotsend, limitedApproval, send, submitlimit; submitlimit shows as
  // 'Limit Approval', so by what the table shows it comes fourth. limitedApproval has no label: it sorts as shown.
  const byLabel = ['approveonce', 'deny', 'donotsend', 'submitlimit', 'limitedApproval', 'send'];
  const given = ['send', 'submitlimit', 'deny', 'limitedApproval', 'approveonce', 'donotsend'];

  /** Gives the first alerts of the list (live or archived) the codes, in that order. */
  async function setStatuses(query: string, codes: readonly string[]) {
    const { list } = await listAlerts(t.app, nurse(), widget, query);
    const ids = list.slice(0, codes.length).map((a) => a._internalID);
    expect(ids).toHaveLength(codes.length);
    for (const [index, id] of ids.entries()) {
      // All read, so they sort among each other by status alone (unread rows come first).
      await t.database.db.execute(
        sql`update alerts set srx_status = ${codes[index]}, read_by_faci = true where id = ${id}`,
      );
    }
    return ids;
  }

  it('sorts by the label the table shows, not by the code, both ways', async () => {
    const ids = await setStatuses('facilityIds=101', given);
    const order = async (sortOrder: 'asc' | 'desc') =>
      (await listAlerts(t.app, nurse(), widget, `facilityIds=101&sort=srxStatus&sortOrder=${sortOrder}`)).list
        .filter((a) => ids.includes(a._internalID))
        .map((a) => a.srxStatus);
    expect(await order('asc')).toEqual(byLabel);
    expect(await order('desc')).toEqual([...byLabel].reverse());
  });

  it('pages that order by cursor, every alert once, both ways, live and archived', async () => {
    await setStatuses('archived=true', given.slice(0, 3));
    for (const archive of ['', 'archived=true&']) {
      for (const sortOrder of ['asc', 'desc'] as const) {
        const query = `${archive}sort=srxStatus&sortOrder=${sortOrder}`;
        const whole = await listAlerts(t.app, nurse(), widget, query);
        expect(whole.list, query).toHaveLength(whole.count);
        expect(new Set(whole.list.map((a) => a.srxStatus)).size, query).toBeGreaterThan(2);
        const paged = await allPages(t.app, nurse(), widget, `${query}&limit=2`);
        expect(
          paged.map((a) => a._internalID),
          query,
        ).toEqual(whole.list.map((a) => a._internalID));
        expect(new Set(paged.map((a) => a._internalID)).size, query).toBe(whole.count);
      }
    }
  });
});

describe('who may list', () => {
  it('answers 401 without a token', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/highCost' });
    expect(response.statusCode).toBe(401);
  });

  it('gives a pharmacy user all their pharmacies’ facilities and a super admin every facility', async () => {
    const widget = widgetByKey('patMissing');
    const sys = await listAlerts(t.app, tokens['sysadmin@pharmacy.test'] ?? '', widget);
    expect(new Set(sys.list.map((a) => a.facID))).toEqual(new Set([101, 102, 201]));
    const sup = await listAlerts(t.app, tokens['super@portal.test'] ?? '', widget);
    expect(sup.count).toBeGreaterThanOrEqual(sys.count);
  });
});

describe('facilityIds PostgreSQL cannot hold', () => {
  it.each(['2147483648', '99999999999', '0x65', '1e2'])(
    'refuses facilityIds=%s with a 400 naming it',
    async (id) => {
      const response = await t.app.inject({
        url: `/api${widgetByKey('highCost').listCall}?facilityIds=101&facilityIds=${id}`,
        headers: { authorization: `Bearer ${nurse()}` },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        fields: { 'facilityIds.1': expect.any(String) },
      });
    },
  );
});
