import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import {
  ACTION_VALUES,
  DO_NOT_SEND_REASONS,
  OTHER_REASON,
  REQUEST_KEY_HEADER,
  SEND_REASONS,
  WIDGETS,
  type Widget,
  type WidgetKey,
  widgetByKey,
} from '@portal/domain';
import { type SQL, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, DON, NOCREDS, NURSE, PHARMACIST, SUPER, SYSADMIN } from '../../test/demo-accounts.ts';
import {
  ANONYMOUS,
  type Caller,
  callers,
  checkAnswer,
  expectNoSessionRefused,
  expectSameAsMissing,
  expectWellRefused,
  junkDay,
  junkNumberText,
  junkText,
  junkValue,
  junkZone,
  OBJECT_MEMBERS,
  payloadOf,
  percent,
  RawBody,
  rawBodies,
  rows,
  SIGNED_OUT,
  settings,
  shown,
  visibleFacilities,
  wrongType,
  ZONES,
} from '../../test/fuzz.ts';
import { bearer, buildTestApp, signIn, signInAll, type TestApp } from '../../test/test-app.ts';
import { sortColumnsOf } from './sorting.ts';

/**
 * The house rule, for every alert route, over generated hostile but plausible input: never a 5xx; every 4xx a JSON
 * `{ message, code }`; a refused call changes nothing; an alert the caller may not see is answered exactly as one
 * that does not exist; and no answer or write touches a facility the caller may not see (don@lakeside.test, at 201
 * only, never gets 101, 102 or 301).
 *
 * Most inputs aim at real alerts (every tenant's) with a request a client could send, then spoil part of it, so
 * they get past the schemas to the statements; the rest are junk. The list and action routes resolve the session
 * in their statement, after the schema; their refusals of the input wait for a session check all the same. Seeds,
 * FUZZ_SEED and FUZZ_SCALE as in test/fuzz.ts.
 */

const EMAILS = [NURSE, ADMIN, DON, SYSADMIN, PHARMACIST, NOCREDS, SUPER] as const;
/** An id no alert or discussion entry has: the "does not exist" twin of another tenant's real id. */
const MISSING_ID = 2_000_000_000;

interface PoolAlert {
  id: number;
  widget: WidgetKey;
  rxNo: string;
  groupId: string;
  facId: number;
  uuid: string;
}

let t: TestApp;
let base: string;
let tokens: Record<string, string> = {};
/** The facilities each account may see, from its memberships: the rule the routes must keep. */
let visible = new Map<string, Set<number>>();
/** How many alerts of each widget each account may see, live and archived together: no count may be more. */
const visibleTotals = new Map<string, number>();
/** Real rows to aim at, every tenant's. */
let pool: { alerts: PoolAlert[]; entries: { id: number; facId: number }[] };

const q = <T>(query: SQL) => rows<T>(t.database.db, query);

beforeAll(async () => {
  t = await buildTestApp();
  // The events stream is read over HTTP (inject would wait for a stream that never ends).
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  tokens = await signInAll(t.app, EMAILS);
  tokens[SIGNED_OUT] = await signIn(t.app, NURSE);
  const out = await t.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(tokens[SIGNED_OUT]) });
  expect(out.statusCode).toBeLessThan(300);
  visible = await visibleFacilities(t.database.db, EMAILS);
  expect([...(visible.get(DON) ?? [])]).toEqual([201]);
  const alerts = (
    await q<{ id: string; widget: WidgetKey; rx_no: string; group_id: string; fac_id: number; uuid: string }>(
      sql`select id, widget, rx_no, group_id, fac_id, uuid from alerts order by id`,
    )
  ).map((a) => ({
    id: Number(a.id),
    widget: a.widget,
    rxNo: a.rx_no,
    groupId: a.group_id,
    facId: Number(a.fac_id),
    uuid: a.uuid,
  }));
  for (const email of EMAILS) {
    for (const widget of WIDGETS) {
      const seen = alerts.filter((a) => a.widget === widget.key && visible.get(email)?.has(a.facId));
      visibleTotals.set(`${email}|${widget.key}`, seen.length);
    }
  }
  const entries = await q<{ id: string; fac_id: number }>(
    sql`select x.id, a.fac_id from alert_actions x join alerts a on a.id = x.alert_id order by x.id`,
  );
  pool = { alerts, entries: entries.map((e) => ({ id: Number(e.id), facId: Number(e.fac_id) })) };
  // 301 has no alerts in the demo world; the lists are still checked never to answer it.
  expect(new Set(alerts.map((a) => a.facId))).toEqual(new Set([101, 102, 201]));
  expect(alerts.some((a) => a.id === MISSING_ID) || entries.some((e) => Number(e.id) === MISSING_ID)).toBe(
    false,
  );
});
afterAll(async () => t?.close());

/** The caller's Authorization header (none for the anonymous one). */
const authOf = (caller: Caller): Record<string, string> =>
  caller === ANONYMOUS ? {} : bearer(tokens[caller] ?? '');
const sees = (caller: Caller, facId: number | undefined) =>
  facId !== undefined && Boolean(visible.get(caller)?.has(facId));
/** A real alert to aim at: mostly one the caller may see, else any tenant's. */
const aimedAlert = (caller: Caller) => {
  const own = pool.alerts.filter((a) => sees(caller, a.facId));
  return own.length === 0
    ? fc.constantFrom(...pool.alerts)
    : fc.oneof(
        { weight: 2, arbitrary: fc.constantFrom(...own) },
        { weight: 1, arbitrary: fc.constantFrom(...pool.alerts) },
      );
};
const aimedEntry = (caller: Caller) => {
  const own = pool.entries.filter((e) => sees(caller, e.facId));
  return own.length === 0
    ? fc.constantFrom(...pool.entries)
    : fc.oneof(
        { weight: 2, arbitrary: fc.constantFrom(...own) },
        { weight: 1, arbitrary: fc.constantFrom(...pool.entries) },
      );
};

// ---------------------------------------------------------------------------------------------------------------
// What a refused call must leave alone: everything the list, detail, read and action routes write.

interface Fingerprint {
  actions: number;
  audits: number;
  updated: string | null;
  alerts: string;
  entries: string;
  events: number;
}

async function fingerprint(): Promise<Fingerprint> {
  const [row] = await q<Fingerprint>(sql`select
    (select count(*) from alert_actions)::int as actions,
    (select count(*) from audit_events where kind in ('alert.action', 'alert.read'))::int as audits,
    (select max(updated_at) from alerts)::text as updated,
    (select md5(coalesce(string_agg(id || ':' || coalesce(read_by_faci::text, '-') || ':' ||
      coalesce(srx_status, '-') || ':' || list_rev, ',' order by id), '')) from alerts) as alerts,
    (select md5(coalesce(string_agg(id || ':' || coalesce(read_by_faci::text, '-'), ',' order by id), ''))
      from alert_actions) as entries,
    (select count(*) from alert_events)::int as events`);
  if (!row) throw new Error('no fingerprint');
  return row;
}

/** A day the archive could well be asked for (the demo world's last 90 days or so). */
const recentDay = fc
  .date({ min: new Date('2026-08-01'), max: new Date('2026-11-10'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));
// ---------------------------------------------------------------------------------------------------------------
// The list calls.

/**
 * A cursor's sort value for each kind of sort column (sorting.ts): what the column could give and, as hostile, what
 * it could not. The text ones matter most: the query string's check for NUL never sees inside the cursor's base64.
 */
const textValue = fc.oneof(fc.string({ maxLength: 12 }), fc.string({ unit: 'binary', maxLength: 8 }), {
  weight: 2,
  arbitrary: fc.constantFrom('\u0000', 'de Luca\u0000', '\ud800', 'Kowalczyk\udc00', '', 'a'.repeat(1001)),
});
const numberValue = fc.oneof(
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
  fc.constantFrom(1e308, -1e308, 5e-324, -0, 2 ** 53, -(2 ** 63)),
  fc.constantFrom(
    '1.5',
    '-0.000001',
    '-1',
    '9'.repeat(40),
    `${'9'.repeat(40)}.${'9'.repeat(40)}`,
    '1e5',
    '.5',
  ),
);
const timeValue = fc.oneof(
  fc
    .record({
      base: fc.date({ min: new Date('0001-01-01'), max: new Date('9999-12-31'), noInvalidDate: true }),
      sep: fc.constantFrom(' ', 'T'),
      zone: fc.constantFrom(
        'Z',
        '+00',
        '-05:30',
        '+0530',
        '+15:59:59',
        '-15:59',
        '+16',
        '+05:99',
        '+14:00:60',
        '+99',
      ),
    })
    .map(({ base, sep, zone }) => `${base.toISOString().replace('T', sep).replace('Z', '')}${zone}`),
  fc.constantFrom('2026-02-29 00:00:00Z', '2026-11-02 24:00:00+00', '0000-01-01 00:00:00+00', '2026-11-02'),
);

/** How the test builds a cursor once it knows the query's sort: matching it (so it is read), or not. */
const cursorPlan = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('fits' as const),
      // Mostly a value of the sort column's kind, else of another kind.
      v: fc.record({ text: textValue, number: numberValue, time: timeValue }),
      swap: fc.oneof(
        { weight: 4, arbitrary: fc.constant(false) },
        { weight: 1, arbitrary: fc.constant(true) },
      ),
      i: fc.oneof(fc.integer(), fc.constantFrom(0, -1, 2 ** 53 - 1, 2 ** 31)),
      // Mostly as the server writes them (a next page's number, no other field), now and then not.
      p: fc.oneof(
        { weight: 2, arbitrary: fc.constant(undefined) },
        { weight: 2, arbitrary: fc.integer({ min: 2, max: 10 }) },
        { weight: 1, arbitrary: fc.constantFrom(-1, 0, 1, 2.5, 2 ** 31) },
      ),
      extra: fc.oneof(
        { weight: 5, arbitrary: fc.constant(undefined) },
        {
          weight: 1,
          arbitrary: fc.dictionary(fc.string({ maxLength: 3 }), fc.jsonValue({ maxDepth: 1 }), {
            maxKeys: 1,
          }),
        },
      ),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('json' as const), json: fc.jsonValue({ maxDepth: 2 }) }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('raw' as const), text: junkText }) },
);
type CursorPlan = typeof cursorPlan extends fc.Arbitrary<infer T> ? T : never;
type ListParam = [string, string | { cursor: CursorPlan }];

const LIST_PARAMS = [
  'cursor',
  'page',
  'limit',
  'sort',
  'sortOrder',
  'facilityIds',
  'archived',
  'from',
  'to',
  'tz',
];

/** A query parameter a client could send: a real name with a value of its kind. */
const cleanParam = (widget: Widget): fc.Arbitrary<ListParam> =>
  fc.oneof(
    fc.tuple(fc.constant('sort'), fc.constantFrom(...Object.keys(sortColumnsOf(widget.key)))),
    fc.tuple(fc.constant('sortOrder'), fc.constantFrom('asc', 'desc')),
    fc.tuple(fc.constant('archived'), fc.constantFrom('true', 'true', 'false')),
    fc.tuple(fc.constant('limit'), fc.integer({ min: 1, max: 100 }).map(String)),
    fc.tuple(fc.constant('page'), fc.integer({ min: 1, max: 4 }).map(String)),
    fc.tuple(fc.constant('facilityIds'), fc.constantFrom('101', '102', '201', '301', '999')),
    fc.tuple(fc.constantFrom('from', 'to'), recentDay),
    fc.tuple(fc.constant('tz'), fc.constantFrom(...ZONES)),
    fc.tuple(
      fc.constant('cursor'),
      cursorPlan.map((plan) => ({ cursor: plan })),
    ),
  );

/** A hostile one: a real name with a value of the wrong kind, or a name the call does not know. */
const junkParam: fc.Arbitrary<ListParam> = fc.oneof(
  fc.tuple(fc.constant('sort'), fc.oneof(fc.constantFrom(...OBJECT_MEMBERS), junkText)),
  fc.tuple(fc.constantFrom(...LIST_PARAMS), fc.oneof(junkText, junkNumberText)),
  fc.tuple(fc.constantFrom('from', 'to'), junkDay),
  fc.tuple(fc.constant('tz'), junkZone),
  fc.tuple(
    fc.oneof(junkText, fc.constantFrom(...OBJECT_MEMBERS, 'facilityIds[]', 'sort[]', 'limit[0]')),
    junkText,
  ),
);

/** A next page as a client asks for it: a sort, perhaps an order and the archive, and a cursor. */
const pagingParams = (widget: Widget): fc.Arbitrary<ListParam[]> =>
  fc
    .record({
      sort: fc.constantFrom(...Object.keys(sortColumnsOf(widget.key))),
      sortOrder: fc.option(fc.constantFrom('asc', 'desc'), { nil: undefined }),
      archived: fc.option(fc.constant('true'), { nil: undefined }),
      limit: fc.option(fc.integer({ min: 1, max: 100 }).map(String), { nil: undefined }),
      cursor: cursorPlan,
    })
    .map(({ cursor, ...named }) => [
      ...Object.entries(named).flatMap(([name, value]): ListParam[] =>
        value === undefined ? [] : [[name, value]],
      ),
      ['cursor', { cursor }],
    ]);

const listRequest = fc.constantFrom(...WIDGETS.map((w) => w.key)).chain((key) =>
  fc.record({
    key: fc.constant(key),
    caller: callers(DON, DON, DON, NURSE, ADMIN, SYSADMIN),
    clean: fc.oneof(fc.array(cleanParam(widgetByKey(key)), { maxLength: 6 }), pagingParams(widgetByKey(key))),
    junk: fc.oneof(fc.constant([]), fc.array(junkParam, { minLength: 1, maxLength: 2 })),
    encode: fc.oneof(
      { weight: 9, arbitrary: fc.constant(true) },
      { weight: 1, arbitrary: fc.constant(false) },
    ),
  }),
);

/** The cursor text for a plan, made for the sort, order and archive the query names (as the server would). */
function cursorText(plan: CursorPlan, query: URLSearchParams, widget: Widget): string {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value) ?? 'null').toString('base64url');
  if (plan.kind === 'raw') return plan.text;
  if (plan.kind === 'json') return encode(plan.json);
  const sort = query.get('sort') ?? widget.defaultSort;
  const columns = sortColumnsOf(widget.key);
  const kind = Object.hasOwn(columns, sort) ? (columns[sort]?.kind ?? 'text') : 'text';
  const other = { text: 'number', number: 'time', time: 'text' } as const;
  return encode({
    s: sort,
    o: query.get('sortOrder') ?? 'asc',
    a: query.get('archived') === 'true',
    v: plan.v[plan.swap ? other[kind] : kind],
    i: plan.i,
    ...(plan.p === undefined ? {} : { p: plan.p }),
    ...plan.extra,
  });
}

describe('every widget list call, under generated queries', () => {
  it('never answers 5xx, refuses with { message, code }, changes nothing and shows only visible facilities', async () => {
    await fc.assert(
      fc.asyncProperty(listRequest, async ({ key, caller, clean, junk, encode }) => {
        const widget = widgetByKey(key);
        const params = [...clean, ...junk];
        // The names and values as the query string carries them; a cursor is made once its sort is known.
        const plain = new URLSearchParams();
        for (const [name, value] of params) if (typeof value === 'string') plain.append(name, value);
        const query = params
          .map(([name, value]) => {
            const text = typeof value === 'string' ? value : cursorText(value.cursor, plain, widget);
            return encode ? `${percent(name)}=${percent(text)}` : `${name}=${text}`;
          })
          .join('&');
        const url = `/api${widget.listCall}${query ? `?${query}` : ''}`;
        const what = `${caller} GET ${url}`;
        const before = await fingerprint();
        const response = await t.app.inject({ method: 'GET', url, headers: authOf(caller) });
        checkAnswer(response, what);
        expectNoSessionRefused(caller, response.statusCode, response.body, what);
        if (response.statusCode >= 400) {
          expect(await fingerprint(), what).toEqual(before);
          return;
        }
        const body = response.json() as Record<string, unknown>;
        const list = body[widget.listKey] as { facID: number }[];
        expect(Array.isArray(list), what).toBe(true);
        for (const alert of list)
          expect(sees(caller, alert.facID), `${what}: alert at ${alert.facID}`).toBe(true);
        if (caller === DON) for (const alert of list) expect([101, 102, 301]).not.toContain(alert.facID);
        expect(body.count as number, what).toBeLessThanOrEqual(
          visibleTotals.get(`${caller}|${widget.key}`) ?? 0,
        );
      }),
      settings(300, 1),
    );
  }, 120_000);
});

// ---------------------------------------------------------------------------------------------------------------
// The detail route.

describe('the detail route, under generated identifiers', () => {
  it('never answers 5xx, answers only an alert the caller may see, and another tenant’s as a missing one', async () => {
    const aimed = (caller: Caller) =>
      fc.record({
        alert: aimedAlert(caller),
        otherKey: fc.oneof(
          { weight: 4, arbitrary: fc.constant(undefined) },
          { weight: 1, arbitrary: fc.constantFrom(...WIDGETS.map((w) => w.key)) },
        ),
        byId: fc.boolean(),
        repeat: fc.boolean(),
      });
    const junk = fc.record({
      key: fc.oneof(
        fc.constantFrom(...WIDGETS.map((w) => w.key), 'HighCost', 'highcost', 'alerts', ...OBJECT_MEMBERS),
        junkText,
      ),
      identifier: junkText,
      internalId: fc.option(fc.oneof(junkNumberText, junkText), { nil: undefined }),
    });
    const request = callers(DON, DON, NURSE, ADMIN, SYSADMIN).chain((caller) =>
      fc.record({
        caller: fc.constant(caller),
        target: fc.oneof({ weight: 3, arbitrary: aimed(caller) }, { weight: 1, arbitrary: junk }),
      }),
    );
    const url = (key: string, identifier: string, internalId: string | undefined, repeat = false) => {
      const id = internalId === undefined ? '' : `internalId=${percent(internalId)}`;
      const query = id && (repeat ? `?${id}&${id}` : `?${id}`);
      return `/api/alerts/${percent(key)}/${percent(identifier)}${query}`;
    };
    await fc.assert(
      fc.asyncProperty(request, async ({ caller, target }) => {
        let path: string;
        let missing: string | null = null;
        if ('alert' in target) {
          const { alert, otherKey, byId, repeat } = target;
          const key = otherKey ?? alert.widget;
          const identifier = alert.widget === 'admissionMeds' ? alert.groupId : alert.rxNo;
          path = url(key, identifier, byId ? String(alert.id) : undefined, repeat);
          if (byId && !sees(caller, alert.facId)) missing = url(key, identifier, String(MISSING_ID), repeat);
        } else {
          path = url(target.key, target.identifier, target.internalId);
        }
        const what = `${caller} GET ${path}`;
        const before = await fingerprint();
        const response = await t.app.inject({ method: 'GET', url: path, headers: authOf(caller) });
        checkAnswer(response, what);
        expectNoSessionRefused(caller, response.statusCode, response.body, what);
        if (missing) {
          const twin = await t.app.inject({ method: 'GET', url: missing, headers: authOf(caller) });
          expectSameAsMissing(response, twin, what);
        }
        if (response.statusCode >= 400) {
          expect(await fingerprint(), what).toEqual(before);
          return;
        }
        const { alert } = response.json() as { alert: { facID: number } };
        expect(sees(caller, alert.facID), `${what}: alert at ${alert.facID}`).toBe(true);
      }),
      settings(200, 2),
    );
  }, 120_000);
});

// ---------------------------------------------------------------------------------------------------------------
// POST /api/requestaction.

/** How a body names an alert: the ways the schema allows for its widget. */
type Reference = '_internalID' | '_internalID text' | 'highCostAlertsId' | 'group' | 'admissionMedsGroupID';

/** A body a client could send for the alert: one of its widget's actions (or a Reply) with a fitting comment. */
function plausibleBody(
  alert: PoolAlert,
  pick: number,
  question: string,
  days: number,
  reference: Reference,
  withUuid: boolean,
) {
  const widget = widgetByKey(alert.widget);
  const actions = [...widget.buttons.map((b) => b.action), 'Reply'];
  const requestedAction = actions[pick % actions.length] ?? 'ask';
  const reasons: readonly string[] =
    requestedAction === 'send' ? SEND_REASONS : requestedAction === 'donotsend' ? DO_NOT_SEND_REASONS : [];
  const reason = reasons[pick % Math.max(1, reasons.length)];
  const body: Record<string, unknown> = {
    widget: widget.actionWidget,
    requestedAction,
    actionComment: reason === OTHER_REASON ? `${OTHER_REASON}: ${question}` : (reason ?? question),
  };
  if (requestedAction === 'submitlimit') body.limitDays = days;
  // The web app sends the alert's UUID as it saw it; other clients may not.
  if (withUuid) body._internalUUID = alert.uuid;
  if (reference === '_internalID text') body._internalID = String(alert.id);
  else if (reference === 'highCostAlertsId' && alert.widget === 'highCostAlerts')
    body.highCostAlertsId = alert.id;
  else if (reference === 'group' && alert.widget === 'admissionMeds') body._internalID = alert.groupId;
  else if (reference === 'admissionMedsGroupID' && alert.widget === 'admissionMeds')
    body.admissionMedsGroupID = alert.groupId;
  else body._internalID = alert.id;
  return body;
}

const ACTION_FIELDS = [
  'requestedAction',
  'widget',
  '_internalID',
  '_internalUUID',
  'admissionMedsGroupID',
  'highCostAlertsId',
  'actionComment',
  'limitDays',
] as const;

/** A value for one of the body's fields: its own kind (another widget's, another action's) or junk. */
const fieldValue = (field: (typeof ACTION_FIELDS)[number]): fc.Arbitrary<unknown> => {
  const ids = fc.constantFrom(...pool.alerts.map((a) => a.id));
  const own = {
    requestedAction: fc.oneof(
      fc.constantFrom(...ACTION_VALUES),
      fc.constantFrom('Approve', 'REPLY', 'Discuss'),
    ),
    widget: fc.constantFrom(
      ...WIDGETS.map((w) => w.actionWidget),
      ...WIDGETS.map((w) => w.key),
      ...OBJECT_MEMBERS,
    ),
    _internalID: fc.oneof(ids, ids.map(String), fc.constantFrom(...pool.alerts.map((a) => a.rxNo))),
    // Another alert's (the alert changed since the client saw it) or none of them.
    _internalUUID: fc.oneof(fc.uuid(), fc.constantFrom(...pool.alerts.map((a) => a.uuid))),
    admissionMedsGroupID: fc.constantFrom(...pool.alerts.map((a) => a.groupId)),
    highCostAlertsId: fc.oneof(ids, ids.map(String), fc.constant('0'.repeat(15))),
    actionComment: fc.oneof(
      fc.constantFrom(...SEND_REASONS, ...DO_NOT_SEND_REASONS),
      fc.constantFrom(`${OTHER_REASON}:   `, OTHER_REASON, '   ', '', 'x'.repeat(4001), 'y'.repeat(4000)),
    ),
    limitDays: fc.oneof(fc.integer({ min: -1, max: 31 }), fc.constantFrom('7', 7.5, 1e20)),
  }[field];
  return fc.oneof({ weight: 2, arbitrary: own }, { weight: 1, arbitrary: junkValue });
};

/** The body with one field changed or dropped, or a field added. */
const spoil = (body: Record<string, unknown>) =>
  fc.oneof(
    fc
      .constantFrom(...ACTION_FIELDS)
      .chain((field) => fieldValue(field).map((value) => ({ ...body, [field]: value }))),
    fc.constantFrom(...Object.keys(body)).map((field) => {
      const { [field]: _dropped, ...rest } = body;
      return rest;
    }),
    fc
      .tuple(fc.oneof(junkText, fc.constantFrom('readByFaci', 'requestActionID')), junkValue)
      .map(([name, value]) => ({
        ...body,
        [name]: value,
      })),
  );

const rawBody = rawBodies([
  '',
  '{',
  'null',
  '[]',
  '"x"',
  '{"__proto__":{"isAdmin":true},"widget":"HighCost"}',
  '{"constructor":{"prototype":{"isAdmin":true}},"widget":"HighCost"}',
  '{"widget":"HighCost","widget":"openBatch"}',
  '\uFEFF{}',
  `${'['.repeat(5000)}${']'.repeat(5000)}`,
  `{"requestedAction":"ask","widget":"HighCost","_internalID":1,"actionComment":"${'x'.repeat(1_100_000)}"}`,
]);

const KEYS = [randomUUID(), randomUUID(), randomUUID()];
const requestKey = fc.oneof(
  { weight: 3, arbitrary: fc.constant(undefined) },
  { weight: 2, arbitrary: fc.uuid().map((u) => u as string) },
  { weight: 2, arbitrary: fc.constantFrom(...KEYS) },
  {
    weight: 1,
    arbitrary: fc.oneof(
      fc.constantFrom(...KEYS).map((k) => k.toUpperCase()),
      fc.constantFrom(...KEYS).map((k) => `{${k}}`),
      fc.constantFrom(
        '',
        'not-a-uuid',
        '00000000-0000-0000-0000-000000000000',
        'ffffffff-ffff-ffff-ffff-ffffffffffff',
      ),
      fc.constant(KEYS.slice(0, 2)),
      fc.string({ unit: 'binary-ascii', maxLength: 40 }).map((s) => s.replace(/[^\x20-\x7e]/g, '')),
    ),
  },
);

/** The body aimed at a missing alert instead, where it names the alert by id (the twin of another tenant's). */
function missingTwin(body: Record<string, unknown>, alert: PoolAlert): Record<string, unknown> | null {
  if (body.highCostAlertsId === alert.id) return { ...body, highCostAlertsId: MISSING_ID };
  if (body.highCostAlertsId !== undefined || body.admissionMedsGroupID !== undefined) return null;
  if (body._internalID === alert.id) return { ...body, _internalID: MISSING_ID };
  if (body._internalID === String(alert.id)) return { ...body, _internalID: String(MISSING_ID) };
  return null;
}

describe('POST /api/requestaction, under generated bodies and Idempotency-Keys', () => {
  it('never answers 5xx; a refusal writes nothing; an action is stored once, only on a visible alert', async () => {
    /** The keys each user has had an action stored under: the same key again writes nothing. */
    const used = new Set<string>();
    const aimed = (caller: Caller) =>
      fc
        .record({
          alert: aimedAlert(caller),
          pick: fc.nat(),
          question: fc.oneof(fc.constant('Is there a generic?'), fc.string({ minLength: 1, maxLength: 30 })),
          days: fc.integer({ min: 1, max: 30 }),
          withUuid: fc.boolean(),
          reference: fc.constantFrom<Reference>(
            '_internalID',
            '_internalID text',
            'highCostAlertsId',
            'group',
            'admissionMedsGroupID',
          ),
        })
        .chain(({ alert, pick, question, days, reference, withUuid }) => {
          const body = plausibleBody(alert, pick, question, days, reference, withUuid);
          return fc.record({
            alert: fc.constant(alert),
            body: fc.oneof(
              { weight: 2, arbitrary: fc.constant(body) },
              { weight: 3, arbitrary: spoil(body) },
            ),
          });
        });
    const random = fc.record({
      alert: fc.constant(undefined),
      body: fc.oneof(
        fc.record(Object.fromEntries(ACTION_FIELDS.map((f) => [f, fieldValue(f)])), { requiredKeys: [] }),
        junkValue,
        rawBody,
      ),
    });
    const request = callers(DON, DON, NURSE, ADMIN, SYSADMIN, PHARMACIST, NOCREDS).chain((caller) =>
      fc.record({
        caller: fc.constant(caller),
        target: fc.oneof({ weight: 4, arbitrary: aimed(caller) }, { weight: 1, arbitrary: random }),
        key: requestKey,
      }),
    );
    await fc.assert(
      fc.asyncProperty(request, async ({ caller, target, key }) => {
        const { body, alert } = target;
        const what = `${caller} POST /api/requestaction ${key ?? ''} ${shown(body)}`;
        const headers = { ...authOf(caller), ...(key === undefined ? {} : { [REQUEST_KEY_HEADER]: key }) };
        const send = (sent: unknown) =>
          t.app.inject({ method: 'POST', url: '/api/requestaction', ...payloadOf(sent, headers) });
        const before = await fingerprint();
        const response = await send(body);
        checkAnswer(response, what);
        expectNoSessionRefused(caller, response.statusCode, response.body, what);
        const twin =
          alert && !sees(caller, alert.facId) && missingTwin(body as Record<string, unknown>, alert);
        if (twin) expectSameAsMissing(response, await send(twin), what);
        const after = await fingerprint();
        if (response.statusCode >= 400) {
          expect(after, what).toEqual(before);
          return;
        }
        const id = typeof key === 'string' ? key.toLowerCase() : undefined;
        if (id && used.has(`${caller}|${id}`)) {
          // A retry: the first answer again, nothing stored twice.
          expect(after, what).toEqual(before);
          return;
        }
        if (id) used.add(`${caller}|${id}`);
        expect(after.actions, what).toBe(before.actions + 1);
        expect(after.audits, what).toBe(before.audits + 1);
        const [entry] = await q<{ fac_id: number }>(
          sql`select a.fac_id from alert_actions x join alerts a on a.id = x.alert_id order by x.id desc limit 1`,
        );
        expect(sees(caller, Number(entry?.fac_id)), `${what}: stored at ${entry?.fac_id}`).toBe(true);
      }),
      settings(300, 3),
    );
  }, 120_000);
});

// ---------------------------------------------------------------------------------------------------------------
// The read-state calls.

describe('the read-state calls, under generated bodies', () => {
  it('never answer 5xx; a refusal writes nothing; only a facility user marks, at a visible facility', async () => {
    const readByFaci = fc.oneof(
      { weight: 4, arbitrary: fc.boolean() },
      { weight: 1, arbitrary: fc.oneof(fc.constantFrom('true', 0, 1), wrongType) },
    );
    const junkId = fc.oneof(junkValue, fc.constantFrom('0', '1'.repeat(16), 2 ** 53, -1));
    const maybeSpoiled = (body: Record<string, unknown>) =>
      fc.oneof(
        { weight: 3, arbitrary: fc.constant(body) },
        {
          weight: 2,
          arbitrary: fc
            .tuple(fc.constantFrom(...Object.keys(body), 'extra', '_internalID', 'requestActionID'), junkId)
            .map(([field, value]) => ({ ...body, [field]: value })),
        },
        { weight: 1, arbitrary: fc.oneof(junkValue, rawBody) },
      );
    const request = callers(DON, DON, NURSE, ADMIN, SYSADMIN, SUPER).chain((caller) =>
      fc.record({
        caller: fc.constant(caller),
        target: fc.oneof(
          fc
            .record({
              alert: aimedAlert(caller),
              otherWidget: fc.oneof(
                { weight: 5, arbitrary: fc.constant(undefined) },
                { weight: 1, arbitrary: fc.constantFrom(...WIDGETS) },
              ),
              asText: fc.boolean(),
              readByFaci,
            })
            .chain(({ alert, otherWidget, asText, readByFaci }) => {
              const body = { _internalID: asText ? String(alert.id) : alert.id, readByFaci };
              return fc.record({
                url: fc.constant(`/api${(otherWidget ?? widgetByKey(alert.widget)).readCall}`),
                body: maybeSpoiled(body),
                named: fc.constant({ field: '_internalID', id: alert.id, facId: alert.facId }),
              });
            }),
          fc
            .record({ entry: aimedEntry(caller), asText: fc.boolean(), readByFaci })
            .chain(({ entry, asText, readByFaci }) =>
              fc.record({
                url: fc.constant('/api/requestaction_readByFaci'),
                body: maybeSpoiled({ requestActionID: asText ? String(entry.id) : entry.id, readByFaci }),
                named: fc.constant({ field: 'requestActionID', id: entry.id, facId: entry.facId }),
              }),
            ),
        ),
      }),
    );
    await fc.assert(
      fc.asyncProperty(request, async ({ caller, target }) => {
        const { url, body, named } = target;
        const what = `${caller} POST ${url} ${shown(body)}`;
        const send = (sent: unknown) =>
          t.app.inject({ method: 'POST', url, ...payloadOf(sent, authOf(caller)) });
        const before = await fingerprint();
        const response = await send(body);
        checkAnswer(response, what);
        expectNoSessionRefused(caller, response.statusCode, response.body, what);
        const fields =
          typeof body === 'object' && body !== null && !(body instanceof RawBody)
            ? (body as Record<string, unknown>)
            : {};
        const value = fields[named.field];
        if (!sees(caller, named.facId) && (value === named.id || value === String(named.id))) {
          const twinValue = typeof value === 'string' ? String(MISSING_ID) : MISSING_ID;
          expectSameAsMissing(response, await send({ ...fields, [named.field]: twinValue }), what);
        }
        const after = await fingerprint();
        if (response.statusCode >= 400) {
          expect(after, what).toEqual(before);
          return;
        }
        // Marked: by the facility's own staff only, at a facility they see (the audit event names it).
        expect([NURSE, ADMIN, DON] as Caller[], what).toContain(caller);
        const [event] = await q<{ fac_id: number }>(
          sql`select fac_id from audit_events where kind = 'alert.read' order by id desc limit 1`,
        );
        expect(sees(caller, Number(event?.fac_id)), `${what}: marked at ${event?.fac_id}`).toBe(true);
        expect(after.audits, what).toBe(before.audits + 1);
      }),
      settings(250, 4),
    );
  }, 120_000);
});

// ---------------------------------------------------------------------------------------------------------------
// GET /api/events with a Last-Event-ID.

/**
 * Opens the stream and reads until `event: ready` (after any replay) or the end, then closes it. A stream that ends
 * without `ready` is a replay that failed behind a 200. The time limit only ends a hung stream (a failure anyway).
 */
async function openEvents(caller: Caller, lastEventId: string | undefined) {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), 15_000);
  try {
    const response = await fetch(`${base}/api/events`, {
      headers: { ...authOf(caller), ...(lastEventId === undefined ? {} : { 'last-event-id': lastEventId }) },
      signal: abort.signal,
    });
    if (response.status !== 200 || !response.body) {
      return {
        status: response.status,
        type: response.headers.get('content-type'),
        text: await response.text(),
      };
    }
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    let text = '';
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      text += decoder.decode(read.value, { stream: true });
      if (/^event: ready$/m.test(text)) break;
    }
    return { status: 200, type: response.headers.get('content-type'), text };
  } finally {
    clearTimeout(timer);
    abort.abort();
  }
}

describe('GET /api/events, under generated Last-Event-IDs', () => {
  it('never answers 5xx; a refusal is { message, code }; an accepted one replays, then says ready', async () => {
    // By now the properties above have written events: ids near the newest replay some.
    const [newest] = await q<{ id: string | null }>(sql`select max(id)::text as id from alert_events`);
    const near = Number(newest?.id ?? 0);
    // Digits, now and then after leading zeros (which PostgreSQL's xid8 input reads as octal).
    const digits = (min: number, max: number) =>
      fc
        .tuple(
          fc.constantFrom('', '', '0', '00'),
          fc.array(fc.constantFrom(...'0123456789'), { minLength: min, maxLength: max }),
        )
        .map(([zeros, d]) => `${zeros}${d.join('')}`);
    const printable = fc
      .string({ unit: 'binary-ascii', maxLength: 12 })
      .map((s) => s.replace(/[^\x20-\x7e]/g, ''));
    const lastEventId = fc.oneof(
      fc.constant(undefined),
      fc.integer({ min: Math.max(0, near - 30), max: near + 3 }).map(String),
      digits(1, 20),
      fc
        .tuple(
          fc.oneof(digits(1, 19), fc.integer({ min: Math.max(0, near - 30), max: near + 2 }).map(String)),
          digits(1, 21),
        )
        .map(([id, horizon]) => `${id}-${horizon}`),
      // The id-horizon shape with a part that is not digits.
      fc
        .tuple(
          fc.oneof(digits(0, 3), printable),
          fc.oneof(digits(0, 3), printable, fc.constantFrom('x', ' 1', '+1', '-1', '1.5', 'ff', '0x10')),
        )
        .map(([id, horizon]) => `${id}-${horizon}`.trim()),
      fc.constantFrom(
        '18446744073709551615',
        '1-18446744073709551615',
        '1-18446744073709551616',
        '9223372036854775807',
        '9223372036854775808',
        '0-0',
        '-1',
        '1-',
        '1--1',
        '1.5',
        '1e3',
        'abc',
      ),
      fc.string({ unit: 'binary-ascii', maxLength: 30 }).map((s) => s.replace(/[^\x20-\x7e]/g, '').trim()),
    );
    await fc.assert(
      fc.asyncProperty(callers(DON, DON, NURSE, SYSADMIN), lastEventId, async (caller, id) => {
        const what = `${caller} GET /api/events Last-Event-ID ${JSON.stringify(id)}`;
        const answer = await openEvents(caller, id);
        expectWellRefused(answer.status, answer.text, answer.type, what);
        // The events route checks the session before its header: without one, always 401.
        if (caller === ANONYMOUS || caller === SIGNED_OUT) expect(answer.status, what).toBe(401);
        if (answer.status !== 200) return;
        expect(answer.type, what).toBe('text/event-stream; charset=utf-8');
        expect(answer.text, `${what}: the stream ended before ready`).toMatch(/^event: ready$/m);
        // A replay carries only the events of facilities the caller may see.
        for (const match of answer.text.matchAll(/^data: (.*)$/gm)) {
          const data = JSON.parse(match[1] ?? '{}') as { facId?: number };
          if (data.facId !== undefined)
            expect(sees(caller, data.facId), `${what}: event at ${data.facId}`).toBe(true);
        }
      }),
      settings(80, 5),
    );
  }, 120_000);
});
