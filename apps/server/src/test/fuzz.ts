import { type SQL, sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Db } from '../db/client.ts';

/**
 * What the property-based tests of the routes share (`*.fuzz.test.ts`): fixed seeds, the callers, generators of
 * hostile but plausible values, and the checks of the house rule (never a 5xx; a 4xx is JSON `{ message, code }`;
 * without a session a 401 before any word on the input; another tenant's record answered as a missing one).
 *
 * The seeds are fixed, so CI runs the same inputs every time; a failure prints the seed, path and shrunk
 * counterexample. To explore: FUZZ_SEED=<number> for other inputs, FUZZ_SCALE=<n> for n times the runs.
 */

const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : 20261102;
const SCALE = process.env.FUZZ_SCALE ? Number(process.env.FUZZ_SCALE) : 1;

/** fast-check's settings for one property: `runs` scaled by FUZZ_SCALE, its own seed (FUZZ_SEED + `offset`). */
export const settings = (runs: number, offset: number) => ({
  numRuns: Math.max(1, Math.round(runs * SCALE)),
  seed: SEED + offset,
});

/** Who asks: a demo account (by email), no one (no Authorization header), or a session signed out since. */
export type Caller = string;
export const ANONYMOUS = 'anonymous';
export const SIGNED_OUT = 'signed-out';
export const isSignedIn = (caller: Caller) => caller !== ANONYMOUS && caller !== SIGNED_OUT;

/** Mostly the demo accounts given, now and then someone without a session. */
export const callers = (...emails: string[]) =>
  fc.oneof(
    { weight: 8, arbitrary: fc.constantFrom<Caller>(...emails) },
    { weight: 1, arbitrary: fc.constantFrom<Caller>(ANONYMOUS, SIGNED_OUT) },
  );

/** Rows of a raw query, on either database. */
export async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * The facilities each account may see, from its memberships: the rule the routes must keep (a facility user their
 * facilities, a pharmacy user their pharmacies' facilities, a super admin all).
 */
export async function visibleFacilities(
  db: Db,
  emails: readonly string[],
): Promise<Map<string, Set<number>>> {
  const visible = new Map<string, Set<number>>();
  for (const email of emails) {
    const facs = await rows<{ fac_id: number }>(
      db,
      sql`
      select f.fac_id from users u, facilities f
      where u.email = ${email} and (u.user_type = 'SuperAdmin'
        or exists (select 1 from facility_memberships m where m.user_id = u.id and m.fac_id = f.fac_id)
        or exists (select 1 from pharmacy_memberships m where m.user_id = u.id and m.pharm_id = f.pharm_id))`,
    );
    visible.set(email, new Set(facs.map((f) => Number(f.fac_id))));
  }
  return visible;
}

/**
 * encodeURIComponent, except that a lone surrogate (which it refuses) goes as the three bytes a careless encoder
 * writes for it (WTF-8, not valid UTF-8): what a hostile client could send.
 */
export function percent(text: string): string {
  let out = '';
  for (const char of text) {
    const point = char.codePointAt(0) ?? 0;
    if (point < 0xd800 || point > 0xdfff) out += encodeURIComponent(char);
    else
      out += [0xe0 | (point >> 12), 0x80 | ((point >> 6) & 0x3f), 0x80 | (point & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join('');
  }
  return out;
}

/** A query string of name-value pairs, each percent-encoded. */
export const queryOf = (params: readonly (readonly [string, string])[]) =>
  params.length === 0
    ? ''
    : `?${params.map(([name, value]) => `${percent(name)}=${percent(value)}`).join('&')}`;

/** The house rule for any answer: no 5xx, and a 4xx is a JSON `{ message, code }`. */
export function expectWellRefused(status: number, text: string, contentType: unknown, what: string) {
  expect(status, `${what} -> ${status} ${text.slice(0, 300)}`).toBeLessThan(500);
  if (status >= 400) {
    expect(String(contentType), what).toMatch(/^application\/json/);
    const body = JSON.parse(text) as { message?: unknown; code?: unknown };
    expect(typeof body.message === 'string' && body.message.trim() !== '', `${what}: message`).toBe(true);
    expect(typeof body.code === 'string' && body.code !== '', `${what}: code`).toBe(true);
  }
}

export const checkAnswer = (response: LightMyRequestResponse, what: string) =>
  expectWellRefused(response.statusCode, response.body, response.headers['content-type'], what);

/** Another tenant's record is answered as a missing one: the same status and body (never a 403 that tells). */
export function expectSameAsMissing(
  response: LightMyRequestResponse,
  missing: LightMyRequestResponse,
  what: string,
) {
  expect(
    { status: response.statusCode, body: response.json() as unknown },
    `${what}: unlike a missing one`,
  ).toEqual({
    status: missing.statusCode,
    body: missing.json() as unknown,
  });
}

/**
 * Without a session nothing is answered, not even what is wrong with the input: a 401, with no token or with a
 * signed-out one (only the router's own refusals of the address come first: 400 not valid percent-encoding, 414
 * too long, 404 no such route, as for a '.' segment).
 */
export function expectNoSessionRefused(caller: Caller, status: number, text: string, what: string) {
  if (isSignedIn(caller)) return;
  const message = status < 400 ? '' : (JSON.parse(text) as { message: string }).message;
  const router =
    (status === 400 && message === 'The address is not valid.') ||
    status === 414 ||
    (status === 404 && message.startsWith('No route '));
  if (router) return;
  expect(status, `${what}: ${caller === ANONYMOUS ? 'without a token' : 'signed out'}`).toBe(401);
}

// ---------------------------------------------------------------------------------------------------------------
// Generators of values.

export const OBJECT_MEMBERS = [
  'constructor',
  '__proto__',
  'toString',
  'valueOf',
  'hasOwnProperty',
  'isPrototypeOf',
  'propertyIsEnumerable',
  'toLocaleString',
  '__defineGetter__',
  '__lookupSetter__',
] as const;

export const junkText = fc.oneof(
  fc.string({ maxLength: 24 }),
  fc.string({ unit: 'binary', maxLength: 12 }),
  fc.string({ unit: 'grapheme', maxLength: 8 }),
  fc.constantFrom(
    '',
    ' ',
    'null',
    'undefined',
    'NaN',
    'Infinity',
    '-Infinity',
    '-1',
    '0',
    '00',
    '1e3',
    '0x10',
    '+1',
    '1.5',
    '-0',
    'true',
    '[]',
    '{}',
    "'; drop table alerts; --",
    '%00',
    '%zz',
    '\u0000',
    '\ud800',
    '\udfff\ud800',
    '😀',
    'İ',
    'ß',
    '\u202e',
    'a'.repeat(300),
    ...OBJECT_MEMBERS,
  ),
);

export const junkNumberText = fc.oneof(
  fc.integer().map(String),
  fc.double().map(String),
  fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }).map(String),
  fc.constantFrom(
    '1e308',
    '9'.repeat(40),
    '100000',
    '100001',
    '2147483647',
    '2147483648',
    '4294967296',
    '-2',
  ),
);

export const wrongType = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.constant([]),
  fc.constant({}),
  fc.array(fc.integer(), { maxLength: 2 }),
  fc.dictionary(fc.string({ maxLength: 3 }), fc.string({ maxLength: 3 }), { maxKeys: 2 }),
);
export const anyNumber = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -1, 1.5, 2 ** 31, 2 ** 53 - 1, 2 ** 53, 1e20, Number.MAX_VALUE, -0),
);
/** Anything a JSON field could hold that is not what it should. */
export const junkValue = fc.oneof(junkText, junkNumberText, anyNumber, wrongType);

/** An id as text: digits mostly, now and then with what could make it another id (leading zeros, a sign, hex). */
export const idText = (ids: readonly number[]) =>
  fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...ids).map(String) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.constantFrom(...ids),
          fc.constantFrom('0', '00', '+', ' ', '0x', '', '-'),
          fc.constantFrom('', '.0', 'e0', ' ', '%00'),
        )
        .map(([id, before, after]) => `${before}${id}${after}`),
    },
    { weight: 1, arbitrary: fc.oneof(junkNumberText, junkText) },
  );

/** The value now and then (one time in `every`), else undefined. */
export const sometimes = <T>(arbitrary: fc.Arbitrary<T>, every = 4) =>
  fc.oneof({ weight: every - 1, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary });

export const pad = (n: number, width = 2) => String(n).padStart(width, '0');
export const day = fc
  .record({
    y: fc.oneof(fc.integer({ min: 0, max: 12000 }), fc.constantFrom(1899, 1900, 2024, 2025, 2026, 9999)),
    m: fc.integer({ min: 0, max: 14 }),
    d: fc.integer({ min: 0, max: 32 }),
  })
  .map(({ y, m, d }) => `${pad(y, 4)}-${pad(m)}-${pad(d)}`);
export const junkDay = fc.oneof(
  day,
  fc.constantFrom(
    '2026-02-29',
    '2024-02-29',
    '2026-11-31',
    '2026-13-01',
    '0000-01-01',
    '1900-01-01',
    '9999-12-31',
    '10000-01-01',
    '2026-1-1',
    '2026-11-02T00:00:00Z',
    '26-11-02',
    '2026-11-02 ',
    '',
  ),
);

const ZONE_OFFSETS = ['Z', '+00:00', '-05:00', '+14:00', '-12:00', '+23:59', '-23:59', '+05:30', '+0530', ''];

/**
 * A date-time with a zone: at the edges of the years that can be stored (past them once the offset is applied),
 * plausible ones, any day, and junk.
 */
export const junkDateTime = fc.oneof(
  {
    weight: 3,
    arbitrary: fc
      .record({
        day: fc.constantFrom('1900-01-01', '9999-12-31', '1899-12-31', '0000-01-01'),
        time: fc.constantFrom('00:00:00', '23:59:59', '23:00:00.123', '00:30:00'),
        zone: fc.constantFrom(...ZONE_OFFSETS),
      })
      .map(({ day, time, zone }) => `${day}T${time}${zone}`),
  },
  {
    weight: 2,
    arbitrary: fc
      .record({
        at: fc.date({ min: new Date('2026-01-01'), max: new Date('2026-12-31'), noInvalidDate: true }),
        zone: fc.constantFrom(...ZONE_OFFSETS),
      })
      .map(({ at, zone }) => `${at.toISOString().slice(0, 19)}${zone}`),
  },
  {
    weight: 1,
    arbitrary: fc
      .record({
        day,
        time: fc.constantFrom('00:00:00', '23:59:59', '24:00:00', '12:60:00', '00:00'),
        zone: fc.constantFrom(...ZONE_OFFSETS),
      })
      .map(({ day, time, zone }) => `${day}T${time}${zone}`),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '+275760-09-13T00:00:00Z',
      '-000001-01-01T00:00:00Z',
      '2026-11-02 15:00:00Z',
      'now',
      '',
    ),
  },
);

export const ZONES = [
  'UTC',
  'utc',
  'America/Chicago',
  'america/chicago',
  'Pacific/Kiritimati',
  'Pacific/Pago_Pago',
  'Etc/GMT+12',
  'Etc/GMT-14',
  'Asia/Kathmandu',
  'America/St_Johns',
  'Antarctica/Troll',
  'EST5EDT',
];
export const junkZone = fc.oneof(
  fc.constantFrom('Mars/Olympus', '+01:00', 'Factory', '', 'Etc/GMT+15'),
  junkText,
);

/** An email address: real ones (every tenant's), their twins in another case, and junk. */
export const emailOf = (real: readonly string[]) =>
  fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...real) },
    { weight: 1, arbitrary: fc.constantFrom(...real).map((e) => e.toUpperCase()) },
    { weight: 1, arbitrary: fc.constantFrom(...real).map((e) => ` ${e} `) },
    {
      weight: 1,
      arbitrary: fc.oneof(
        fc.emailAddress(),
        fc.constantFrom(
          'nobody@meadowbrook.test',
          'a@b',
          '@meadowbrook.test',
          'nurse@meadowbrook.test\u0000',
          'nurse@meadowbrook.test%00',
          'nürse@meadowbrook.test',
          `${'x'.repeat(250)}@a.test`,
          'nurse@meadowbrook.test,don@lakeside.test',
        ),
        junkText,
      ),
    },
  );

// ---------------------------------------------------------------------------------------------------------------
// Bodies.

/** A body sent as it is, not as JSON of a value: broken or odd JSON, another content type, too large. */
export class RawBody {
  constructor(
    readonly text: string,
    readonly type: string | undefined,
  ) {}
  /** How fast-check prints it in a counterexample: a long body cut short. */
  [fc.toStringMethod]() {
    const text =
      this.text.length > 120 ? `${this.text.slice(0, 120)}... (${this.text.length} characters)` : this.text;
    return `RawBody(${JSON.stringify(text)}, ${JSON.stringify(this.type)})`;
  }
}

/** Raw bodies of several content types: the texts given, broken and odd JSON, random JSON and junk. */
export const rawBodies = (texts: readonly string[]) =>
  fc
    .record({
      type: fc.constantFrom(
        'application/json',
        'application/json; charset=utf-16',
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
        undefined,
      ),
      text: fc.oneof(fc.constantFrom(...texts), fc.json({ maxDepth: 2 }), junkText),
    })
    .map(({ text, type }) => new RawBody(text, type));

/** The raw bodies every JSON route is sent now and then. */
export const COMMON_RAW_TEXTS = [
  '',
  '{',
  'null',
  '[]',
  '"x"',
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
  '\uFEFF{}',
  `${'['.repeat(5000)}${']'.repeat(5000)}`,
  `{"x":"${'x'.repeat(1_100_000)}"}`,
] as const;

/** What inject sends for a body: JSON of the value, or a raw body as it is (nothing at all for undefined). */
export const payloadOf = (body: unknown, headers: Record<string, string | string[]>) =>
  body instanceof RawBody
    ? { payload: body.text, headers: { ...headers, ...(body.type ? { 'content-type': body.type } : {}) } }
    : body === undefined
      ? { headers }
      : { payload: JSON.stringify(body), headers: { ...headers, 'content-type': 'application/json' } };

export const shown = (body: unknown) =>
  (body instanceof RawBody ? `${body.type} ${body.text}` : (JSON.stringify(body) ?? String(body))).slice(
    0,
    400,
  );

/** One of the values, the first ones `weight` times as often as the last: the usual, then the odd. */
export const mostly = <T>(usual: readonly T[], odd: readonly T[], weight = 8) =>
  fc.oneof(
    { weight, arbitrary: fc.constantFrom(...usual) },
    { weight: 1, arbitrary: fc.constantFrom(...odd) },
  );

/**
 * A body made from a plausible one: as it is, with one field changed to junk or to another plausible value, a field
 * dropped, a field added, or replaced by junk or a raw body.
 */
export function spoiled(
  body: Record<string, unknown>,
  values: Record<string, fc.Arbitrary<unknown>> = {},
): fc.Arbitrary<unknown> {
  const fields = [...new Set([...Object.keys(body), ...Object.keys(values)])];
  const valueFor = (field: string) =>
    values[field]
      ? fc.oneof({ weight: 2, arbitrary: values[field] }, { weight: 1, arbitrary: junkValue })
      : junkValue;
  const variants: fc.Arbitrary<unknown>[] = [];
  if (fields.length > 0)
    variants.push(
      fc
        .constantFrom(...fields)
        .chain((field) => valueFor(field).map((value) => ({ ...body, [field]: value }))),
    );
  if (Object.keys(body).length > 0)
    variants.push(
      fc.constantFrom(...Object.keys(body)).map((field) => {
        const { [field]: _dropped, ...rest } = body;
        return rest;
      }),
    );
  variants.push(
    fc
      .tuple(fc.oneof(junkText, fc.constantFrom(...OBJECT_MEMBERS)), junkValue)
      .map(([name, value]) => ({ ...body, [name]: value })),
  );
  return fc.oneof(
    { weight: 4, arbitrary: fc.constant(body) },
    { weight: 3, arbitrary: fc.oneof(...variants) },
    { weight: 1, arbitrary: fc.oneof(junkValue, rawBodies(COMMON_RAW_TEXTS)) },
  );
}
