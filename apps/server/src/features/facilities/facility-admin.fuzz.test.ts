import { randomUUID } from 'node:crypto';
import { AUDIT_KINDS, WIDGETS, type WidgetKey } from '@portal/domain';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, BILLING, DON, NURSE, PHARMACIST, SUPER, SYSADMIN } from '../../test/demo-accounts.ts';
import {
  ANONYMOUS,
  anyNumber,
  type Caller,
  COMMON_RAW_TEXTS,
  callers,
  expectSameAsMissing,
  idText,
  junkDateTime,
  junkNumberText,
  junkText,
  junkValue,
  percent,
  queryOf,
  rawBodies,
  settings,
  sometimes,
  spoiled,
  wrongType,
} from '../../test/fuzz.ts';
import { FuzzWorld, wholeTable } from '../../test/fuzz-world.ts';
import { INGEST_EXAMPLES } from '../ingest/examples.ts';

/**
 * The house rule (test/fuzz-world.ts: FuzzWorld.probe) for the facility calls, facility settings and reminder
 * contacts, pharmacy API keys, the audit trail and ingest, over generated hostile but plausible input from every
 * demo account, anonymous and signed out (and, for ingest, every pharmacy's key): never a 5xx; a refusal a JSON
 * `{ message, code }` that changes nothing; another tenant's facility, contact or key answered as a missing one;
 * nobody reads or changes what their facilities and pharmacies do not hold.
 */

let w: FuzzWorld;
/** Reminder contacts of every tenant's facilities, by id. */
let contacts: { id: number; facId: number }[];
/** API keys of three pharmacies (one revoked), by id, with their secrets. */
let keys: { id: number; pharmId: string; secret: string }[];
let alertUuids: string[];

/** An id nothing has: the "does not exist" twin of another tenant's real id. */
const MISSING_ID = 2_000_000_000;
const FACILITY_IDS = [101, 102, 201, 301];

beforeAll(async () => {
  w = await FuzzWorld.open();
  for (const facId of FACILITY_IDS)
    for (const widget of ['highCost', 'highCostAlerts'])
      await w.db.execute(sql`insert into facility_contacts (fac_id, widget, contact_method, contact_info)
        values (${facId}, ${widget}, 'Email', ${`reminders.${facId}@example.com`})`);
  contacts = (await w.q<{ id: string; fac_id: number }>(sql`select id, fac_id from facility_contacts`)).map(
    (c) => ({ id: Number(c.id), facId: Number(c.fac_id) }),
  );
  keys = [];
  for (const pharmID of ['sprx', 'upny', 'ohio', 'sprx']) {
    const created = await w.send({
      caller: SUPER,
      method: 'POST',
      url: '/api/pharmacy-keys',
      body: { pharmID, name: `${pharmID} system` },
    });
    const body = created.json() as { key: { id: number }; secret: string };
    keys.push({ id: body.key.id, pharmId: pharmID, secret: body.secret });
  }
  const revoked = keys[3];
  await w.send({ caller: SUPER, method: 'DELETE', url: `/api/pharmacy-keys/${revoked?.id}` });
  alertUuids = (await w.q<{ uuid: string }>(sql`select uuid::text as uuid from alerts order by id`)).map(
    (a) => a.uuid,
  );
  await w.restoreAccounts();
});
afterAll(async () => w?.close());

const EVERYONE = [NURSE, ADMIN, DON, DON, SYSADMIN, PHARMACIST, BILLING, SUPER];

// ---------------------------------------------------------------------------------------------------------------
// Facilities, pharmacies, roles.

describe('the facility, pharmacy and role reads, under generated ids and queries', () => {
  it('never answer 5xx, answer only what the caller sees, and another tenant’s facility as a missing one', async () => {
    const request = callers(...EVERYONE).chain((caller) =>
      fc.record({
        caller: fc.constant(caller),
        call: fc.oneof(
          fc.record({ kind: fc.constant('facility' as const), id: idText([...FACILITY_IDS, 999]) }),
          fc.record({
            kind: fc.constant('roles' as const),
            params: fc.array(
              fc.tuple(
                fc.constantFrom('entity', 'entity', 'other', '__proto__'),
                fc.oneof(fc.constantFrom('pharmacy', 'facility', 'Facility', 'toString'), junkText),
              ),
              { maxLength: 2 },
            ),
          }),
          fc.record({
            kind: fc.constantFrom('facilities' as const, 'pharmacies' as const),
            query: fc.oneof(
              fc.constant(''),
              junkText.map((s) => `?facilityIds=${percent(s)}`),
            ),
          }),
        ),
      }),
    );
    await fc.assert(
      fc.asyncProperty(request, async ({ caller, call }) => {
        const url =
          call.kind === 'facility'
            ? `/api/facility/${percent(call.id)}`
            : call.kind === 'roles'
              ? `/api/roles${queryOf(call.params)}`
              : `/api/${call.kind}${call.query}`;
        const response = await w.probe({ caller, method: 'GET', url }, { writes: [] });
        // A real facility named by its digits (leading zeros too) that the caller may not see.
        const named = call.kind === 'facility' && /^\d{1,10}$/.test(call.id) ? Number(call.id) : null;
        if (named !== null && FACILITY_IDS.includes(named) && !w.sees(caller, named))
          if (caller !== ANONYMOUS)
            expectSameAsMissing(
              response,
              await w.send({ caller, method: 'GET', url: `/api/facility/${MISSING_ID}` }),
              url,
            );
      }),
      settings(150, 201),
    );
  }, 120_000);
});

// ---------------------------------------------------------------------------------------------------------------
// Facility settings and reminder contacts.

const SETTINGS_WRITES = [wholeTable('facility_settings'), wholeTable('facility_contacts')];
const reminderEmail = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom('a@b.com', 'nurse.station@example.org', 'A@B.COM', 'x@y.info') },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      'reminders.101@example.com',
      'a@b.c',
      'a@b.toolong',
      ' a@b.com ',
      'a b@c.com',
      `${'x'.repeat(250)}@b.com`,
      'ü@b.com',
      'a@b.com\u0000',
    ),
  },
  { weight: 1, arbitrary: junkText },
);

const settingBody = (facId: number) =>
  fc
    .record(
      {
        FaciId: fc.oneof(fc.constant<unknown>(facId), fc.constant(String(facId))),
        WidgetName: fc.constantFrom('highCost', 'highCostAlerts'),
        settingValues: fc.record(
          {
            EmailNotificationMaxCount: fc.oneof(
              fc.integer({ min: -1, max: 21 }),
              fc.constantFrom('3', '03', '0x3'),
            ),
            EmailNotificationIntervalMinutes: fc.oneof(
              fc.integer({ min: 0, max: 10081 }),
              fc.constantFrom('60', '1e3', '999999'),
            ),
            AutoRespondAction: fc.constantFrom(
              '',
              'Approve',
              'Deny',
              'ApproveOnce',
              'SubmitLimit',
              'submitlimit',
            ),
          },
          { requiredKeys: [] },
        ),
        ContactInfo: fc.record({ Email: reminderEmail }),
        SettingNote: fc.oneof(
          fc.integer({ min: 0, max: 10 }).map(String),
          fc.constantFrom('0x5', '1e0', ' 5', '5 ', '', '-1', '+3', '0005', '9999999'),
        ),
      },
      { requiredKeys: ['FaciId', 'WidgetName'] },
    )
    .chain((body) =>
      spoiled(body, {
        FaciId: fc.oneof(idText([...FACILITY_IDS, 999]), fc.constantFrom(...FACILITY_IDS), anyNumber),
        settingValues: fc.oneof(wrongType, fc.dictionary(junkText, junkValue, { maxKeys: 2 })),
        ContactInfo: fc.oneof(reminderEmail, fc.record({ Email: junkValue })),
      }),
    );

/** A contact to aim at: mostly one the caller sees, else any tenant's. */
const aimedContact = (caller: Caller) => {
  const own = contacts.filter((c) => w.sees(caller, c.facId));
  return own.length === 0
    ? fc.constantFrom(...contacts)
    : fc.oneof(
        { weight: 2, arbitrary: fc.constantFrom(...own) },
        { weight: 1, arbitrary: fc.constantFrom(...contacts) },
      );
};

describe('the facility settings and reminder contact calls, under generated bodies', () => {
  it('never answer 5xx; a refusal writes nothing; another tenant’s facility or contact is a missing one', async () => {
    const request = callers(ADMIN, ADMIN, DON, DON, NURSE, SYSADMIN, BILLING, SUPER).chain((caller) =>
      fc.record({
        caller: fc.constant(caller),
        call: fc.oneof(
          fc.constantFrom(...FACILITY_IDS).chain((facId) =>
            fc.record({
              kind: fc.constant('setting' as const),
              facId: fc.constant(facId),
              body: settingBody(facId),
            }),
          ),
          fc.record({
            kind: fc.constantFrom('edit' as const, 'delete' as const),
            contact: aimedContact(caller),
            asText: fc.boolean(),
            email: reminderEmail,
            wrapped: fc.boolean(),
            spoil: sometimes(
              fc.tuple(fc.constantFrom('ContactId', 'ContactInfo', 'contactMethod', 'x'), junkValue),
            ),
          }),
        ),
      }),
    );
    await fc.assert(
      fc.asyncProperty(request, async ({ caller, call }) => {
        if (call.kind === 'setting') {
          const url = '/api/facilitysetting';
          const response = await w.probe(
            { caller, method: 'POST', url, body: call.body },
            { writes: SETTINGS_WRITES },
          );
          const body = call.body as Record<string, unknown>;
          const named = body?.FaciId === call.facId || body?.FaciId === String(call.facId);
          if (named && !w.sees(caller, call.facId) && caller !== ANONYMOUS) {
            const twin = {
              ...body,
              FaciId: typeof body.FaciId === 'string' ? String(MISSING_ID) : MISSING_ID,
            };
            expectSameAsMissing(response, await w.send({ caller, method: 'POST', url, body: twin }), url);
          }
          return;
        }
        const { contact } = call;
        const id = (n: number) => (call.asText ? String(n) : n);
        const bodyOf = (n: number): Record<string, unknown> => {
          const body: Record<string, unknown> =
            call.kind === 'edit'
              ? { ContactId: id(n), ContactInfo: call.wrapped ? { Email: call.email } : call.email }
              : { ContactId: id(n) };
          return call.spoil ? { ...body, [call.spoil[0]]: call.spoil[1] } : body;
        };
        const url = call.kind === 'edit' ? '/api/editfacisetting' : '/api/deletefacicontact';
        const response = await w.probe(
          { caller, method: 'POST', url, body: bodyOf(contact.id) },
          { writes: SETTINGS_WRITES },
        );
        if (!w.sees(caller, contact.facId) && caller !== ANONYMOUS && !call.spoil)
          expectSameAsMissing(
            response,
            await w.send({ caller, method: 'POST', url, body: bodyOf(MISSING_ID) }),
            url,
          );
        if (call.kind === 'delete' && response.statusCode === 200)
          // Put back what was deleted (a spoiled body may name another contact), so later runs still have every
          // tenant's contacts to aim at.
          for (const { id, facId } of contacts)
            await w.db.execute(sql`insert into facility_contacts (id, fac_id, widget, contact_method, contact_info)
              values (${id}, ${facId}, 'highCost', 'Email', ${`again.${id}@example.com`}) on conflict do nothing`);
      }),
      settings(250, 202),
    );
  }, 120_000);
});

// ---------------------------------------------------------------------------------------------------------------
// Pharmacy API keys.

describe('the pharmacy API key calls, under generated bodies and ids', () => {
  it('never answer 5xx; only a pharmacy’s SysAdmins and super admins manage its keys; another’s is a missing one', async () => {
    const pharmId = fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom('sprx', 'upny', 'ohio', 'parx') },
      { weight: 1, arbitrary: fc.constantFrom('SPRX', ' sprx', 'nope', '', 'toString', '__proto__') },
      { weight: 1, arbitrary: junkText },
    );
    const request = callers(SYSADMIN, SYSADMIN, SUPER, PHARMACIST, BILLING, DON, ADMIN).chain((caller) =>
      fc.record({
        caller: fc.constant(caller),
        call: fc.oneof(
          fc.record({ kind: fc.constant('list' as const) }),
          fc.record({
            kind: fc.constant('create' as const),
            body: fc
              .record({
                pharmID: pharmId,
                name: fc.oneof(fc.constantFrom('Pharmacy system', 'x'.repeat(101)), junkText),
              })
              .chain((body) => spoiled(body)),
          }),
          fc.record({
            kind: fc.constant('revoke' as const),
            key: fc.constantFrom(...keys),
            id: sometimes(idText([1, 2, 3, 4, 5, 99])),
          }),
        ),
      }),
    );
    await fc.assert(
      fc.asyncProperty(request, async ({ caller, call }) => {
        const writes = [wholeTable('pharmacy_api_keys')];
        if (call.kind === 'list') {
          await w.probe({ caller, method: 'GET', url: '/api/pharmacy-keys' }, { writes });
          return;
        }
        if (call.kind === 'create') {
          const response = await w.probe(
            { caller, method: 'POST', url: '/api/pharmacy-keys', body: call.body },
            { writes },
          );
          if (response.statusCode < 300) expect([SUPER, SYSADMIN]).toContain(caller);
          return;
        }
        const url = `/api/pharmacy-keys/${percent(call.id ?? String(call.key.id))}`;
        const response = await w.probe({ caller, method: 'DELETE', url }, { writes });
        if (response.statusCode < 300) {
          expect([SUPER, SYSADMIN]).toContain(caller);
          // Keep the key live for later runs (its secret is what ingest sends), except the one revoked from the start.
          if (call.key !== keys[3])
            await w.db.execute(sql`update pharmacy_api_keys set revoked_at = null where id = ${call.key.id}`);
        }
        if (call.id === undefined && !w.seesPharmacy(caller, call.key.pharmId) && caller !== ANONYMOUS)
          expectSameAsMissing(
            response,
            await w.send({ caller, method: 'DELETE', url: `/api/pharmacy-keys/${MISSING_ID}` }),
            url,
          );
      }),
      settings(150, 203),
    );
  }, 120_000);
});

// ---------------------------------------------------------------------------------------------------------------
// The audit trail.

describe('GET /api/audit, under generated filters', () => {
  it('never answers 5xx; only SysAdmins and super admins read, SysAdmins their pharmacies’ share only', async () => {
    const filter = fc.oneof(
      fc.tuple(
        fc.constant('user'),
        fc.oneof(fc.constantFrom(NURSE, DON, 'DON@LAKESIDE.TEST', '7', '0', '01'), junkText, junkNumberText),
      ),
      fc.tuple(
        fc.constantFrom('userId', 'facId'),
        fc.oneof(idText([1, 2, 3, 101, 201, 301]), junkNumberText),
      ),
      fc.tuple(
        fc.constant('recordType'),
        fc.oneof(fc.constantFrom('user', 'file', 'tote', 'audit', 'highCost'), junkText),
      ),
      fc.tuple(fc.constant('recordId'), fc.oneof(fc.constantFrom('1', '101', ''), junkText)),
      fc.tuple(
        fc.constant('kind'),
        fc.oneof(fc.constantFrom(...AUDIT_KINDS, 'auth.%', 'a_b.', '.'), junkText),
      ),
      fc.tuple(fc.constantFrom('from', 'to'), junkDateTime),
      fc.tuple(fc.constantFrom('from', 'to'), junkDateTime),
      fc.tuple(
        fc.constant('cursor'),
        fc.oneof(fc.constantFrom('1', '0', '9'.repeat(18), '9'.repeat(19), '007'), junkNumberText),
      ),
      fc.tuple(
        fc.constant('limit'),
        fc.oneof(fc.constantFrom('1', '200', '201', '0', '1e2', '0x10', ' 5'), junkNumberText),
      ),
      fc.tuple(fc.constant('format'), fc.constantFrom('json', 'csv', 'CSV', 'xml')),
      fc.tuple(fc.oneof(junkText, fc.constantFrom('__proto__', 'constructor', 'user[]')), junkText),
    );
    await fc.assert(
      fc.asyncProperty(
        callers(SUPER, SYSADMIN, SYSADMIN, PHARMACIST, BILLING, DON, ADMIN),
        fc.array(filter, { maxLength: 4 }),
        async (caller, params) => {
          const url = `/api/audit${queryOf(params)}`;
          const response = await w.probe({ caller, method: 'GET', url }, { writes: [] });
          if (response.statusCode < 300) expect([SUPER, SYSADMIN], url).toContain(caller);
        },
      ),
      settings(200, 204),
    );
  }, 120_000);
});

// ---------------------------------------------------------------------------------------------------------------
// Ingest.

const OWN_FACILITIES: Record<string, number[]> = { sprx: [101, 102], upny: [201], ohio: [301] };

/** The alert columns an ingest writes, for the facilities outside `facIds` (none of a key's business). */
const alertsOutside = (facIds: readonly number[]) =>
  sql`select md5(coalesce(string_agg(a.uuid || ':' || a.fac_id || ':' || a.rx_no || ':' || a.pat_name || ':' ||
    a.date_created::text || ':' || coalesce(a.archived_at::text, '-') || ':' || a.details::text, '|' order by a.id), ''))
    from alerts a where a.fac_id not in (${sql.join(
      [...facIds, -1].map((id) => sql`${id}`),
      sql`, `,
    )})`;

/** An alert of the widget as a pharmacy system sends it: mostly at one of `facIds`, new or already stored. */
const ingestRow = (widget: WidgetKey, facIds: readonly number[]) =>
  fc.record({
    ...Object.fromEntries(
      Object.entries(INGEST_EXAMPLES[widget]).map(([name, value]) => [name, fc.constant(value)]),
    ),
    _internalUUID: fc.oneof(
      { weight: 3, arbitrary: fc.uuid({ version: 4 }) },
      { weight: 2, arbitrary: fc.constantFrom(...alertUuids) },
      { weight: 1, arbitrary: fc.constantFrom(randomUUID(), randomUUID()) },
    ),
    facID: fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom(...(facIds.length ? facIds : FACILITY_IDS)) },
      { weight: 1, arbitrary: fc.constantFrom(...FACILITY_IDS, 999) },
    ),
  });

/** A quantity or price: any number, or one at the edges of the columns that store them (numeric 12,3 and 12,2). */
const amountish = fc.oneof(
  anyNumber,
  fc.constantFrom(
    999_999_999.999,
    999_999_999.9996,
    -999_999_999.9999,
    1e9 - 1e-7,
    0.0005,
    1e-7,
    5e-324,
    1e9,
  ),
);

/** An ingest row with a field spoiled: a date past what can be stored, a number too large, another facility. */
const spoiledRow = (row: Record<string, unknown>) =>
  spoiled(row, {
    dateCreated: junkDateTime,
    dispenseDt: fc.oneof(junkDateTime, fc.constant(null)),
    archiveDtTm: junkDateTime,
    archived: fc.boolean(),
    _internalArchiveID: fc.oneof(anyNumber, fc.constantFrom(1, 2 ** 53, 2 ** 63)),
    qty: amountish,
    orgQty: amountish,
    daysSupply: anyNumber,
    ttlPrice: amountish,
    sumTtlPrice: amountish,
    facID: fc.oneof(fc.constantFrom(...FACILITY_IDS), anyNumber, junkNumberText),
    rxGuid: fc.oneof(fc.uuid(), fc.constantFrom('00000000-0000-0000-0000-000000000000', 'not-a-uuid')),
    admDate: fc.oneof(junkDateTime, fc.constantFrom('2026-11-02', '0000-01-01', '9999-12-31')),
  });

describe('POST /api/ingest/{key}, under generated batches and keys', () => {
  it('never answers 5xx; a refused batch writes nothing; a key writes only its own pharmacy’s alerts', async () => {
    const request = fc.record({
      widget: fc.constantFrom(...WIDGETS.map((x) => x.key)),
      // A live key of each pharmacy mostly; a revoked one, a user's session, junk or none now and then.
      auth: fc.oneof(
        { weight: 6, arbitrary: fc.constantFrom(0, 0, 1, 2) },
        { weight: 1, arbitrary: fc.constantFrom(3, 'session', 'junk', 'none') },
      ),
      batch: fc.oneof(
        { weight: 3, arbitrary: fc.constant('batch') },
        { weight: 1, arbitrary: fc.constant('single') },
        { weight: 1, arbitrary: fc.constant('raw') },
      ),
      rows: fc.integer({ min: 1, max: 3 }),
    });
    await fc.assert(
      fc.asyncProperty(
        request.chain((r) => {
          const key = typeof r.auth === 'number' ? keys[r.auth] : undefined;
          const own = key ? (OWN_FACILITIES[key.pharmId] ?? []) : [];
          return fc.record({
            r: fc.constant(r),
            // One row spoiled (the last), the others as a pharmacy system sends them.
            rows: fc
              .array(ingestRow(r.widget, own), { minLength: r.rows, maxLength: r.rows })
              .chain((rows) => spoiledRow(rows.at(-1) ?? {}).map((last) => [...rows.slice(0, -1), last])),
            raw: rawBodies(COMMON_RAW_TEXTS),
          });
        }),
        async ({ r, rows, raw }) => {
          const key = typeof r.auth === 'number' ? keys[r.auth] : undefined;
          const authorization =
            key !== undefined
              ? `Bearer ${key.secret}`
              : r.auth === 'session'
                ? `Bearer ${w.tokens[NURSE]}`
                : r.auth === 'junk'
                  ? 'Bearer cpk_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'
                  : undefined;
          const body: unknown = r.batch === 'raw' ? raw : r.batch === 'single' ? rows[0] : { alerts: rows };
          const own = key
            ? key.pharmId === 'sprx'
              ? [101, 102]
              : key.pharmId === 'upny'
                ? [201]
                : [301]
            : [];
          const writes = [
            sql`select count(*) || ':' || coalesce(max(id), 0) from alerts`,
            alertsOutside(own),
            wholeTable(
              'alerts',
              sql`x.fac_id in (${sql.join(
                [...own, -1].map((id) => sql`${id}`),
                sql`, `,
              )})`,
            ),
          ];
          const outside = await w.fingerprint([alertsOutside(own)]);
          const response = await w.probe(
            {
              caller: ANONYMOUS,
              method: 'POST',
              url: `/api/ingest/${r.widget}`,
              body,
              headers: authorization ? { authorization } : {},
            },
            { writes, isPublic: true, checksOutside: true },
          );
          if (key === undefined || key === keys[3]) expect(response.statusCode, 'no live key').toBe(401);
          if (response.statusCode < 300)
            expect((await w.fingerprint([alertsOutside(own)])).parts, 'another pharmacy’s alerts').toEqual(
              outside.parts,
            );
        },
      ),
      settings(150, 205),
    );
  }, 120_000);
});
