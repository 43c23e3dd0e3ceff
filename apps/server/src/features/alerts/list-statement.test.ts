import {
  type AnyAlert,
  ERROR_CODES,
  PagedAlertListSchema,
  unpagedAlertListSchema,
  WIDGETS,
  type Widget,
  widgetByKey,
} from '@portal/domain';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alertActions, alerts, facilities } from '../../db/schema/index.ts';
import { hashToken } from '../../platform/tokens.ts';
import { listAlerts } from '../../test/alerts.ts';
import { buildTestApp, signIn, type TestApp } from '../../test/test-app.ts';
import { toWireAlert } from './mapping.ts';
import { createWireCache, pageCache, wireCache, wirePageTexts } from './wire-cache.ts';

// The list call answers from one statement (list-statement.ts): the session checks, the JSON it writes itself
// and the count kept by triggers in alert_counts (migration 0003) are what these tests hold it to.

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

async function rowsOf<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await t.database.db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** Counters that differ from count(*) over the alerts, both ways (empty when they agree). */
async function counterDrift() {
  return rowsOf<{ widget: string; fac_id: number; is_archived: boolean; counted: number; kept: number }>(sql`
    select coalesce(a.widget, c.widget) as widget, coalesce(a.fac_id, c.fac_id) as fac_id,
      coalesce(a.is_archived, c.is_archived) as is_archived, coalesce(a.n, 0)::int as counted,
      coalesce(c.alert_count, 0)::int as kept
    from (select widget, fac_id, is_archived, count(*) as n from alerts group by 1, 2, 3) a
    full join alert_counts c using (widget, fac_id, is_archived)
    where coalesce(a.n, 0) <> coalesce(c.alert_count, 0)`);
}

describe('alert_counts', () => {
  it('stays equal to count(*) through inserts, archiving, moves and deletes', async () => {
    expect(await counterDrift()).toEqual([]);
    const before = (await rowsOf<{ n: number }>(sql`select count(*)::int as n from alerts`))[0]?.n ?? 0;
    expect(before).toBeGreaterThan(50);
    // A bulk insert of copies (one statement, many facilities and widgets).
    await t.database.db.execute(sql`
      insert into alerts (uuid, widget, fac_id, pharm_id, rx_no, rx_guid, pat_name, date_created, archived_at, details)
      select gen_random_uuid(), widget, fac_id, pharm_id, rx_no || '-copy', gen_random_uuid(), pat_name, date_created,
        archived_at, details
      from alerts`);
    expect(await counterDrift()).toEqual([]);
    // Archive some live alerts, bring some archived ones back, move some to another facility.
    await t.database.db.execute(
      sql`update alerts set archived_at = now() where id in (select id from alerts where not is_archived order by id limit 7)`,
    );
    await t.database.db.execute(
      sql`update alerts set archived_at = null, archive_id = null where id in (select id from alerts where is_archived order by id limit 3)`,
    );
    await t.database.db.execute(
      sql`update alerts set fac_id = 102 where id in (select id from alerts where fac_id = 101 order by id limit 4)`,
    );
    // A status change alone moves nothing.
    await t.database.db.execute(sql`update alerts set srx_status = 'ask' where fac_id = 201`);
    expect(await counterDrift()).toEqual([]);
    // Delete the copies (their discussions go with them) and one more in a rolled-back transaction.
    await t.database.db.execute(sql`delete from alerts where rx_no like '%-copy'`);
    await t.database.db
      .transaction(async (tx) => {
        await tx.execute(sql`delete from alerts where id = (select min(id) from alerts)`);
        tx.rollback();
      })
      .catch(() => undefined);
    expect(await counterDrift()).toEqual([]);
    const after = (await rowsOf<{ n: number }>(sql`select count(*)::int as n from alerts`))[0]?.n;
    expect(after).toBe(before);
  });

  it("answers each list call's count as count(*) over the viewer's facilities", async () => {
    const token = await signIn(t.app, 'sysadmin@pharmacy.test');
    for (const widget of WIDGETS) {
      for (const archived of [false, true]) {
        const { status, count } = await listAlerts(t.app, token, widget, archived ? 'archived=true' : '');
        expect(status).toBe(200);
        const [expected] = await rowsOf<{ n: number }>(sql`
          select count(*)::int as n from alerts a join facilities f on f.fac_id = a.fac_id
          join pharmacy_memberships m on m.pharm_id = f.pharm_id
          join users u on u.id = m.user_id and u.email = 'sysadmin@pharmacy.test'
          where a.widget = ${widget.key} and a.is_archived = ${archived}`);
        expect(count, `${widget.key} archived=${archived}`).toBe(expected?.n);
      }
    }
  });
});

describe('the list answer', () => {
  it("parses with the domain's list schema for every widget, live and archived", async () => {
    const token = await signIn(t.app, 'super@portal.test');
    for (const widget of WIDGETS) {
      const schema = widget.paged ? PagedAlertListSchema : unpagedAlertListSchema(widget.listKey);
      for (const query of ['', 'archived=true', 'limit=2']) {
        const { status, body, list } = await listAlerts(t.app, token, widget, query);
        expect(status).toBe(200);
        expect(list.length).toBeGreaterThan(0);
        const parsed = schema.safeParse(body);
        expect(parsed.success, `${widget.key} ${query}: ${parsed.error?.message}`).toBe(true);
      }
    }
  });
});

describe('the session, checked inside the list statement', () => {
  const widget = widgetByKey('highCost');
  const setSession = (token: string, change: ReturnType<typeof sql>) =>
    t.database.db.execute(sql`update sessions set ${change} where token_hash = ${hashToken(token)}`);

  it('refuses a revoked, an idle and an expired session with 401, whatever the query', async () => {
    for (const change of [
      sql`revoked_at = now()`,
      sql`last_seen_at = now() - interval '3 days'`,
      sql`expires_at = now() - interval '1 second'`,
    ]) {
      const token = await signIn(t.app, 'nurse@meadowbrook.test');
      expect((await listAlerts(t.app, token, widget)).status).toBe(200);
      expect((await listAlerts(t.app, token, widget, 'limit=0')).status).toBe(400);
      await setSession(token, change);
      // A query refused by the schema, by the route, or for its text: no field names before the session.
      for (const query of ['', 'limit=0', 'sort=nope', 'cursor=%00']) {
        const { status, body } = await listAlerts(t.app, token, widget, query);
        expect(status, query).toBe(401);
        expect(body.code).toBe(ERROR_CODES.unauthorized);
        expect(body).not.toHaveProperty('fields');
      }
    }
  });

  it('refuses a user who must change their password with 403, even with a bad query', async () => {
    const token = await signIn(t.app, 'don@lakeside.test');
    await t.database.db.execute(
      sql`update users set must_change_password = true where email = 'don@lakeside.test'`,
    );
    try {
      for (const query of ['', 'sort=nope', 'limit=0']) {
        const { status, body } = await listAlerts(t.app, token, widget, query);
        expect(status, query).toBe(403);
        expect(body.code).toBe(ERROR_CODES.mustChangePassword);
      }
    } finally {
      await t.database.db.execute(
        sql`update users set must_change_password = false where email = 'don@lakeside.test'`,
      );
    }
  });

  it('refreshes the idle clock at most once a minute', async () => {
    const token = await signIn(t.app, 'nurse@meadowbrook.test');
    await setSession(token, sql`last_seen_at = now() - interval '5 minutes'`);
    await listAlerts(t.app, token, widget);
    const seen = () =>
      rowsOf<{ age: number }>(
        sql`select extract(epoch from now() - last_seen_at)::float8 as age from sessions where token_hash = ${hashToken(token)}`,
      );
    const [first] = await seen();
    expect(first?.age).toBeLessThan(60);
  });
});

/** Alerts whose kept list row differs from one built now from the alert and its discussion (empty when none). */
async function listJsonDrift() {
  return rowsOf<{ id: number }>(
    sql`select id from alerts where list_json is distinct from alert_list_json(alerts) order by id`,
  );
}

describe('alerts.list_json, kept by triggers (migration 0008)', () => {
  it('equals the alert and its discussion through alert writes and discussion inserts, updates and deletes', async () => {
    expect(await listJsonDrift()).toEqual([]);
    const nulls = await rowsOf<{ n: number }>(
      sql`select count(*)::int as n from alerts where list_json is null`,
    );
    expect(nulls[0]?.n).toBe(0);
    const [target] = await rowsOf<{ id: number; other: number }>(
      sql`select min(id)::int as id, max(id)::int as other from alerts where not is_archived`,
    );
    const id = target?.id ?? 0;
    const other = target?.other ?? 0;
    const stored = async () =>
      JSON.parse(
        (await rowsOf<{ j: string }>(sql`select list_json as j from alerts where id = ${id}`))[0]?.j ?? '{}',
      );
    // One statement inserting into two discussions, then an update, a move to another alert and a delete.
    await t.database.db.execute(sql`insert into alert_actions (alert_id, action, comment, requested_by)
      values (${id}, 'ask', 'first', 'Tester'), (${id}, 'Reply', 'second', 'Pharmacy'), (${other}, 'ask', 'x', 'T')`);
    expect(await listJsonDrift()).toEqual([]);
    expect((await stored()).actions.map((a: { comment: string }) => a.comment).slice(-2)).toEqual([
      'first',
      'second',
    ]);
    await t.database.db.execute(sql`update alert_actions set comment = 'edited', read_by_faci = true
      where alert_id = ${id} and comment = 'first'`);
    expect(await listJsonDrift()).toEqual([]);
    await t.database.db.execute(
      sql`update alert_actions set alert_id = ${other} where alert_id = ${id} and comment = 'second'`,
    );
    expect(await listJsonDrift()).toEqual([]);
    await t.database.db.execute(sql`delete from alert_actions where comment in ('edited', 'second', 'x')`);
    expect(await listJsonDrift()).toEqual([]);
    // The alert's own columns: status, read state, archiving, details, and a bulk insert.
    await t.database.db.execute(sql`update alerts set srx_status = 'approve', read_by_faci = false,
      details = details || '{"note": "x"}'::jsonb where id = ${id}`);
    await t.database.db.execute(sql`update alerts set archived_at = now() where id = ${other}`);
    expect((await stored()).alert).toMatchObject({ srxStatus: 'approve', readByFaci: false });
    await t.database.db.execute(sql`
      insert into alerts (uuid, widget, fac_id, pharm_id, rx_no, rx_guid, pat_name, date_created, details)
      select gen_random_uuid(), widget, fac_id, pharm_id, rx_no || '-json', gen_random_uuid(), pat_name, date_created,
        details from alerts where id in (${id}, ${other})`);
    expect(await listJsonDrift()).toEqual([]);
    await t.database.db.execute(sql`delete from alerts where rx_no like '%-json'`);
  });
});

describe('the list answer, byte for byte', () => {
  const queries = ['', 'archived=true', 'sortOrder=desc', 'limit=3', 'limit=3&page=2'];
  const viewers = [
    'nurse@meadowbrook.test',
    'sysadmin@pharmacy.test',
    'super@portal.test',
    'don@lakeside.test',
  ];
  /** Asks every viewer's list of every widget with every query, and hands each 200 answer to `visit`. */
  async function forEveryAnswer(
    visit: (key: string, widget: Widget, response: LightMyRequestResponse) => Promise<void> | void,
  ) {
    for (const email of viewers) {
      const token = await signIn(t.app, email);
      for (const widget of WIDGETS) {
        for (const query of queries) {
          const response = await t.app.inject({
            method: 'GET',
            url: `/api${widget.listCall}${query ? `?${query}` : ''}`,
            headers: { authorization: `Bearer ${token}` },
          });
          expect(response.statusCode).toBe(200);
          await visit(`${email} ${widget.key} ${query}`, widget, response);
        }
      }
    }
  }

  /** Every viewer's answer to every widget and query, keyed by them, with the answer's time stamp blanked. */
  async function everyAnswer() {
    const answers = new Map<string, string>();
    await forEveryAnswer((key, _widget, response) => {
      answers.set(key, response.payload.replace(/"timeStamp":"[^"]*"/, '"timeStamp":""'));
    });
    return answers;
  }

  it('equals the rows read through the ORM, mapped by toWireAlert and written by JSON.stringify, cold and warm', async () => {
    let compared = 0;
    for (const pass of ['cold', 'warm']) {
      if (pass === 'cold') {
        wireCache.clear();
        pageCache.clear();
      }
      await forEveryAnswer(async (_key, widget, response) => {
        // The whole answer is what JSON.stringify writes: keys in order, nothing a parse would change.
        const parsed = response.json() as Record<string, { _internalID: number }[]>;
        expect(JSON.stringify(parsed)).toBe(response.payload);
        expect(Object.keys(parsed)).toEqual([widget.listKey, 'cursor', 'count', 'nextPage', 'timeStamp']);
        const ids = (parsed[widget.listKey] ?? []).map((a) => a._internalID);
        const found = await t.database.db
          .select({ alert: alerts, facName: facilities.name })
          .from(alerts)
          .innerJoin(facilities, eq(facilities.facId, alerts.facId))
          .where(inArray(alerts.id, ids.length ? ids : [0]));
        const discussion = await t.database.db
          .select()
          .from(alertActions)
          .where(inArray(alertActions.alertId, ids.length ? ids : [0]))
          .orderBy(asc(alertActions.sentAt), asc(alertActions.id));
        const expected = ids.map((id) => {
          const row = found.find((r) => r.alert.id === id);
          if (!row) throw new Error(`alert ${id} not found`);
          return toWireAlert(
            widget,
            row.alert,
            row.facName,
            discussion.filter((a) => a.alertId === id),
          );
        });
        expect(
          response.payload.startsWith(`{"${widget.listKey}":${JSON.stringify(expected)},"cursor":`),
        ).toBe(true);
        compared += ids.length;
      });
      // Every answer of the pass went through the cache: the warm pass reads it, the cold one filled it.
      expect(wireCache.size).toBeGreaterThan(100);
    }
    expect(compared).toBeGreaterThan(1000);
  });

  it('answers the same bytes from cold caches, a warm page cache, and the wire cache alone', async () => {
    wireCache.clear();
    pageCache.clear();
    const cold = await everyAnswer();
    const filled = wireCache.size;
    const pages = pageCache.size;
    expect(filled).toBeGreaterThan(100);
    // Every non-empty page of the pass was kept, under its page text.
    expect(pages).toBeGreaterThan(50);
    const warm = await everyAnswer();
    // The warm pass made no page and no wire text anew: every page was one it had answered.
    expect(pageCache.size).toBe(pages);
    expect(wireCache.size).toBe(filled);
    expect(warm).toEqual(cold);
    // Without the pages, from the wire texts: the same bytes again.
    pageCache.clear();
    expect(await everyAnswer()).toEqual(cold);
    expect(pageCache.size).toBe(pages);
  });

  it('shows a change to an alert in the next answer, the cache warm', async () => {
    const widget = widgetByKey('highCost');
    // Meadowbrook's administrator: the counts test above moved facility 101's live alerts to 102.
    const token = await signIn(t.app, 'admin@meadowbrook.test');
    const listed = async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api${widget.listCall}`,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(response.statusCode, response.payload.slice(0, 300)).toBe(200);
      return (response.json() as Record<string, AnyAlert[]>)[widget.listKey] ?? [];
    };
    const before = await listed();
    const target = before[0];
    if (!target) throw new Error('no highCost alert');
    const toggled = target.readByFaci !== true;
    await listed();
    // A read toggle through the API, then a new discussion entry: each is a new list_json, so a new cache key.
    const marked = await t.app.inject({
      method: 'POST',
      url: `/api${widget.readCall}`,
      headers: { authorization: `Bearer ${token}` },
      payload: { _internalID: target._internalID, readByFaci: toggled },
    });
    expect(marked.statusCode).toBeLessThan(300);
    expect((await listed()).find((a) => a._internalID === target._internalID)?.readByFaci).toBe(toggled);
    await t.database.db.insert(alertActions).values({
      alertId: target._internalID,
      action: 'Reply',
      comment: 'cache-check',
      requestedBy: 'nurse',
    });
    const after = (await listed()).find((a) => a._internalID === target._internalID);
    expect(after?.requestedActions.map((a) => a.actionComment)).toContain('cache-check');
    // A facility renamed changes no alert's revision; its name is part of the page's name, so the page is new.
    const [facility] = await t.database.db
      .select({ name: facilities.name })
      .from(facilities)
      .where(eq(facilities.facId, target.facID));
    await t.database.db
      .update(facilities)
      .set({ name: 'Renamed for the cache' })
      .where(eq(facilities.facId, target.facID));
    const renamed = (await listed()).find((a) => a._internalID === target._internalID);
    expect(renamed?.facName).toBe('Renamed for the cache');
    await t.database.db
      .update(facilities)
      .set({ name: facility?.name ?? '' })
      .where(eq(facilities.facId, target.facID));
    expect((await listed()).find((a) => a._internalID === target._internalID)?.facName).toBe(facility?.name);
    // Put it back as it was for the other tests.
    await t.database.db.delete(alertActions).where(eq(alertActions.comment, 'cache-check'));
    await t.database.db
      .update(alerts)
      .set({ readByFaci: target.readByFaci })
      .where(eq(alerts.id, target._internalID));
    expect((await listed()).find((a) => a._internalID === target._internalID)).toEqual(target);
  });
});

describe('the wire cache', () => {
  const widget = widgetByKey('highCost');
  const kept = (id: number, note: string) =>
    JSON.stringify({
      alert: {
        id,
        uuid: 'u',
        widget: 'highCost',
        facId: 101,
        pharmId: 1,
        rxNo: 'rx',
        rxGuid: 'g',
        generatedId: null,
        patName: 'p',
        drugLabelName: 'd',
        qty: 1,
        orgQty: 1,
        daysSupply: 1,
        orgDaysSupply: 1,
        ttlPrice: 1,
        dispenseDt: null,
        dateCreated: '2026-01-01T00:00:00.000Z',
        nsid: '',
        nsName: '',
        room: '',
        bed: '',
        srxStatus: '',
        pharmacyStatus: '',
        readByFaci: false,
        archivedAt: null,
        archiveId: null,
        groupId: null,
        details: { note },
      },
      actions: [],
    });
  const noFetch = async () => {
    throw new Error('fetched, though every text was at hand');
  };

  it('stays within its byte bound', async () => {
    const bound = 64 * 1024;
    const cache = createWireCache(bound);
    for (let i = 0; i < 2000; i++) {
      const row = { id: i, rev: i, facName: `Facility ${i % 7}`, listJson: kept(i, 'x'.repeat(500)) };
      const [text] = (await wirePageTexts(cache, widget, [row], noFetch)) ?? [];
      expect(JSON.parse(text ?? '{}')._internalID).toBe(i);
      expect(cache.calculatedSize).toBeLessThanOrEqual(bound);
    }
    // It did hold entries, up to about its bound, and dropped the oldest.
    expect(cache.size).toBeGreaterThan(10);
    expect(cache.size).toBeLessThan(2000);
    expect(cache.calculatedSize).toBeGreaterThan(bound / 2);
  });

  it('fetches only the revisions it lacks, and answers null when one of them is gone', async () => {
    const cache = createWireCache();
    const rows = [1, 2, 3].map((id) => ({ id, rev: 10 + id, facName: 'F', listJson: null }));
    const asked: { id: number; rev: number }[][] = [];
    const store = new Map([1, 2, 3].map((id) => [id, kept(id, `first ${id}`)]));
    const fetchTexts = async (wanted: { id: number; rev: number }[]) => {
      asked.push(wanted);
      return new Map(wanted.flatMap((w) => (store.has(w.id) ? [[w.id, store.get(w.id) ?? '']] : [])));
    };
    const first = await wirePageTexts(cache, widget, rows, fetchTexts);
    expect(first?.map((t) => JSON.parse(t).note)).toEqual(['first 1', 'first 2', 'first 3']);
    expect(asked).toEqual([rows.map(({ id, rev }) => ({ id, rev }))]);
    // Warm: nothing fetched.
    expect(await wirePageTexts(cache, widget, rows, noFetch)).toEqual(first);
    // Alert 2 has a new revision: only it is fetched; its old entry is not used.
    store.set(2, kept(2, 'second 2'));
    const changed = rows.map((r) => (r.id === 2 ? { ...r, rev: 99 } : r));
    const second = await wirePageTexts(cache, widget, changed, fetchTexts);
    expect(second?.map((t) => JSON.parse(t).note)).toEqual(['first 1', 'second 2', 'first 3']);
    expect(asked.at(-1)).toEqual([{ id: 2, rev: 99 }]);
    // Another facility name is another entry (a renamed facility shows its new name).
    const renamed = await wirePageTexts(
      cache,
      widget,
      [{ ...rows[0], id: 1, rev: 11, facName: 'G', listJson: null }],
      fetchTexts,
    );
    expect(JSON.parse(renamed?.[0] ?? '{}').facName).toBe('G');
    // A revision the database no longer has (the alert changed after the page was read): null, nothing guessed.
    store.delete(3);
    expect(await wirePageTexts(createWireCache(), widget, rows, fetchTexts)).toBeNull();
  });
});
