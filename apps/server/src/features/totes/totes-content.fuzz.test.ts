import { isoToUsDate } from '@portal/domain';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, BILLING, DON, NURSE, PHARMACIST, SUPER, SYSADMIN } from '../../test/demo-accounts.ts';
import {
  ANONYMOUS,
  type Caller,
  callers,
  checkAnswer,
  expectSameAsMissing,
  idText,
  junkDay,
  junkText,
  junkZone,
  percent,
  queryOf,
  settings,
  sometimes,
  spoiled,
  ZONES,
} from '../../test/fuzz.ts';
import { FuzzWorld, wholeTable } from '../../test/fuzz-world.ts';
import { slipToken } from './slip-token.ts';

/**
 * The house rule (test/fuzz-world.ts: FuzzWorld.probe) for the totes calls and the release notes and versions, over
 * generated hostile but plausible input from every demo account, anonymous and signed out: never a 5xx; a refusal a
 * JSON `{ message, code }` that changes nothing; another tenant's tote answered as a missing one; lists and slips
 * of visible facilities only; Admin Only content only for pharmacy users and super admins.
 */

let w: FuzzWorld;
let totes: { facId: number; toteId: string }[];
beforeAll(async () => {
  w = await FuzzWorld.open();
  totes = (
    await w.q<{ fac_id: number; tote_id: string }>(sql`select fac_id, tote_id from packing_slips`)
  ).map((r) => ({ facId: Number(r.fac_id), toteId: r.tote_id }));
  expect(new Set(totes.map((x) => x.facId))).toEqual(new Set([101, 102, 201]));
});
afterAll(async () => w?.close());

const EVERYONE = [NURSE, ADMIN, DON, DON, SYSADMIN, PHARMACIST, BILLING, SUPER];
/** An address per call: the public slip link is limited to 30 calls a minute per address. */
let address = 0;
const nextAddress = () => `10.44.${Math.floor(address / 250) % 250}.${address++ % 250}`;

// ---------------------------------------------------------------------------------------------------------------
// Totes.

/** A US date of the demo world's weeks (it ships totes for the 7 days up to 2026-11-02), or one that is not. */
const usDate = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .date({ min: new Date('2026-10-20'), max: new Date('2026-11-30'), noInvalidDate: true })
      .map((d) => isoToUsDate(d.toISOString().slice(0, 10))),
  },
  // The years a date may have, and past them.
  {
    weight: 2,
    arbitrary: fc.constantFrom('01/01/0000', '06/15/0001', '01/01/1899', '01/01/1900', '12/31/9999'),
  },
  {
    weight: 1,
    arbitrary: fc.oneof(
      junkDay.map((d) => (/^\d{4}-\d{2}-\d{2}$/.test(d) ? isoToUsDate(d) : d)),
      fc.constantFrom('02/29/2026', '02/29/2024', '13/01/2026', '11/2/2026', '11-02-2026', '2026-11-02'),
    ),
  },
  { weight: 1, arbitrary: junkText },
);

/** A range (either end open, perhaps in a zone) mostly, else a search, now and then with a name the call does not know. */
const headersQuery = fc
  .record({
    range: fc.record(
      {
        fdate: usDate,
        edate: usDate,
        tz: sometimes(fc.oneof(fc.constantFrom(...ZONES), junkZone), 3),
      },
      { requiredKeys: ['tz'] },
    ),
    search: sometimes(
      fc.oneof(
        fc.constantFrom(
          'T101',
          'T201',
          'PAK',
          'PAK0000001',
          '%',
          '_',
          '\\',
          'T%01',
          'T101-2026',
          'T201-2026',
        ),
        junkText,
      ),
      3,
    ),
    extra: sometimes(fc.tuple(fc.constantFrom('facID', 'limit', 'SearchText', 'fdate'), junkText), 6),
  })
  .map(({ range, search, extra }) => [
    ...Object.entries(range).filter((entry): entry is [string, string] => entry[1] !== undefined),
    ...(search === undefined ? [] : [['SearchText', search] as [string, string]]),
    ...(extra ? [extra] : []),
  ]);

describe('GET /api/packingslipheaders, under generated ranges and searches', () => {
  it('never answers 5xx, refuses with { message, code }, writes nothing and lists visible facilities only', async () => {
    await fc.assert(
      fc.asyncProperty(callers(...EVERYONE), headersQuery, async (caller, query) => {
        const url = `/api/packingslipheaders${queryOf(query)}`;
        const response = await w.probe({ caller, method: 'GET', url }, { writes: [] });
        if (response.statusCode !== 200) return;
        const list = (response.json() as { packingSlipHeadersList: { facID: number }[] })
          .packingSlipHeadersList;
        for (const tote of list) expect(w.sees(caller, tote.facID), `${url}: ${tote.facID}`).toBe(true);
      }),
      settings(150, 101),
    );
  }, 120_000);
});

/** A tote to aim at: mostly one of the caller's, else any tenant's. */
const aimedTote = (caller: Caller) => {
  const own = totes.filter((x) => w.sees(caller, x.facId));
  return own.length === 0
    ? fc.constantFrom(...totes)
    : fc.oneof(
        { weight: 2, arbitrary: fc.constantFrom(...own) },
        { weight: 1, arbitrary: fc.constantFrom(...totes) },
      );
};

describe('GET /api/packingslipdetails, under generated facilities and totes', () => {
  it('never answers 5xx, answers only a visible tote, and another tenant’s as a missing one', async () => {
    const request = callers(...EVERYONE).chain((caller) =>
      fc.record({
        caller: fc.constant(caller),
        tote: aimedTote(caller),
        facID: sometimes(idText([101, 102, 201, 301, 999])),
        toteID: sometimes(fc.oneof(junkText, fc.constantFrom(' T101', 'T101-%', 'T%'))),
        extra: sometimes(fc.tuple(fc.constantFrom('auth', 'facId', 'x', 'toteID'), junkText)),
      }),
    );
    await fc.assert(
      fc.asyncProperty(request, async ({ caller, tote, facID, toteID, extra }) => {
        const params: [string, string][] = [
          ['facID', facID ?? String(tote.facId)],
          ['toteID', toteID ?? tote.toteId],
          ...(extra ? [extra] : []),
        ];
        const url = `/api/packingslipdetails${queryOf(params)}`;
        const response = await w.probe(
          { caller, method: 'GET', url },
          { writes: [wholeTable('packing_slips')] },
        );
        const isReal = facID === undefined && toteID === undefined && extra === undefined;
        if (isReal && w.sees(caller, tote.facId)) expect(response.statusCode, url).toBe(200);
        if (isReal && !w.sees(caller, tote.facId) && caller !== ANONYMOUS) {
          const missing = await w.send({
            caller,
            method: 'GET',
            url: `/api/packingslipdetails${queryOf([
              ['facID', String(tote.facId)],
              ['toteID', 'T-no-such-tote'],
            ])}`,
          });
          expectSameAsMissing(response, missing, url);
        }
      }),
      settings(150, 102),
    );
  }, 120_000);
});

describe('GET /api/packingslipdetailsopen, under generated tokens', () => {
  it('never answers 5xx; only the token of that very tote opens it; a refusal is a 404 that says nothing', async () => {
    const request = fc.record({
      tote: fc.constantFrom(...totes),
      other: fc.constantFrom(...totes),
      auth: fc.constantFrom('own', 'other', 'cut', 'case', 'junk', 'none'),
      junk: junkText,
      facID: sometimes(idText([101, 102, 201, 301])),
    });
    await fc.assert(
      fc.asyncProperty(request, async ({ tote, other, auth, junk, facID }) => {
        const own = slipToken(w.t.app.secretKey, tote.facId, tote.toteId, new Date());
        const token = {
          own,
          other: slipToken(w.t.app.secretKey, other.facId, other.toteId, new Date()),
          cut: own.slice(0, -1),
          case: own.toUpperCase(),
          junk,
          none: undefined,
        }[auth];
        const params: [string, string][] = [
          ['facID', facID ?? String(tote.facId)],
          ['toteID', tote.toteId],
          ...(token === undefined ? [] : ([['auth', token]] as [string, string][])),
        ];
        const url = `/api/packingslipdetailsopen${queryOf(params)}`;
        const response = await w.probe(
          { caller: ANONYMOUS, method: 'GET', url, remoteAddress: nextAddress() },
          { writes: [wholeTable('packing_slips')], isPublic: true },
        );
        // The facility as the call names it: the tote's own, or digits that read as it (leading zeros).
        const named = facID === undefined ? tote.facId : /^\d{1,10}$/.test(facID) ? Number(facID) : null;
        const sameTote = other.facId === tote.facId && other.toteId === tote.toteId;
        const opens = named === tote.facId && (auth === 'own' || (auth === 'other' && sameTote));
        if (opens) expect(response.statusCode, url).toBe(200);
        else if (response.statusCode !== 400) expect(response.statusCode, url).toBe(404);
      }),
      settings(100, 103),
    );
  }, 120_000);
});

// ---------------------------------------------------------------------------------------------------------------
// Release notes and versions.

const CONTENT_WRITES = [wholeTable('release_notes'), wholeTable('versions')];
const html = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      '<p>Totes <strong>and</strong> slips.</p>',
      '<script>alert(1)</script><p>x</p>',
      '<img src=x onerror=alert(1)>',
      '<a href="javascript:alert(1)">x</a>',
      '&#0;&#xD800;&#x110000;',
      '<p>&#0;</p>',
      '<![CDATA[x]]><!-- -->',
      `<p>${'<b>'.repeat(2000)}</p>`,
      '<p>Ünïcode 😀 \u202e</p>',
    ),
  },
  {
    weight: 1,
    arbitrary: fc.oneof(fc.constantFrom('<p>\u0000</p>', '<p>\ud800</p>', '   ', ''), fc.string()),
  },
);
const contentDay = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom('2026-11-01', '2024-02-29', '1900-01-01', '9999-12-31') },
  { weight: 1, arbitrary: junkDay },
);
const version = fc.oneof(
  { weight: 3, arbitrary: fc.tuple(fc.nat(9999), fc.nat(9999), fc.nat(20)).map((parts) => parts.join('.')) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '2.4.0',
      '2.4.0 ',
      '02.4.0',
      '1',
      '1.2.3.4',
      '1.2.3.4.5',
      '99999.0',
      'v2',
      '2..4',
      '',
    ),
  },
);

const noteBody = fc.record({
  type: fc.constantFrom('Feature', 'Fix', 'Admin'),
  title: fc.constantFrom('Totes page', 'Archive sorting', 'Ünïcode 😀', 'Totes', '  ', 'x'.repeat(201)),
  description: html,
  date: contentDay,
  pharmUserOnly: fc.boolean(),
});
const versionBody = fc.record({
  version,
  title: fc.constantFrom('Spring release', 'Winter', 'Summer', 'Autumn', 'y'.repeat(201)),
  description: html,
  pharmUserDescription: html,
  date: contentDay,
});

/** An id of a row (of the seed, or written since) or near one, as the path carries it. */
const contentId = idText([1, 2, 3, 4, 5, 6, 7, 8, 20, 2147483647]);

describe('the release note and version calls, under generated bodies', () => {
  it('never answer 5xx; only super admins and pharmacy SysAdmins write; a refusal writes nothing', async () => {
    const request = callers(SUPER, SYSADMIN, SYSADMIN, PHARMACIST, ADMIN, NURSE, DON).chain((caller) =>
      fc.record({
        caller: fc.constant(caller),
        kind: fc.constantFrom('releasenotes', 'versions'),
        method: fc.constantFrom<'GET' | 'POST' | 'PUT' | 'DELETE'>('GET', 'POST', 'PUT', 'PUT', 'DELETE'),
        id: contentId,
        note: noteBody.chain((body) => spoiled(body, { date: contentDay, description: html })),
        version: versionBody.chain((body) => spoiled(body, { version, date: contentDay })),
      }),
    );
    await fc.assert(
      fc.asyncProperty(request, async ({ caller, kind, method, id, note, version }) => {
        const body = kind === 'releasenotes' ? note : version;
        const url = method === 'GET' || method === 'POST' ? `/api/${kind}` : `/api/${kind}/${percent(id)}`;
        const response = await w.probe(
          { caller, method, url, ...(method === 'POST' || method === 'PUT' ? { body } : {}) },
          { writes: CONTENT_WRITES },
        );
        if (response.statusCode >= 300) return;
        if (method !== 'GET') expect([SUPER, SYSADMIN], `${caller} ${method} ${url}`).toContain(caller);
        const answer = response.json() as {
          releaseNotes?: { pharmUserOnly: boolean }[];
          versions?: { pharmUserDescription: string }[];
        };
        const seesAdminOnly = [SUPER, SYSADMIN, PHARMACIST, BILLING].includes(caller);
        if (!seesAdminOnly) {
          for (const n of answer.releaseNotes ?? []) expect(n.pharmUserOnly, url).toBe(false);
          for (const v of answer.versions ?? []) expect(v.pharmUserDescription, url).toBe('');
        }
      }),
      settings(200, 104),
    );
  }, 120_000);
});

// ---------------------------------------------------------------------------------------------------------------
// Any address.

describe('any address under /api and /fs, with generated segments', () => {
  it('never answers 5xx; an unknown one is a JSON 404 (or 401 first, without a session)', async () => {
    const segment = fc.oneof(
      fc.constantFrom(
        'api',
        'fs',
        'facility',
        'files',
        'versions',
        'releasenotes',
        'pharmacy-keys',
        'download',
      ),
      fc.constantFrom(
        '101',
        '0',
        '-1',
        '1e3',
        '0x10',
        '%00',
        '%',
        '%zz',
        '..',
        '.',
        '',
        '%2F',
        'a'.repeat(200),
      ),
      junkText.map(percent),
    );
    const request = fc.record({
      caller: callers(NURSE, DON, SUPER),
      method: fc.constantFrom<'GET' | 'POST' | 'PUT' | 'DELETE'>('GET', 'POST', 'PUT', 'DELETE'),
      base: fc.constantFrom('/api', '/fs', '/api/facility', '/fs/files', '/api/versions', '/fs/download'),
      rest: fc.array(segment, { maxLength: 3 }),
      query: fc.option(
        junkText.map((s) => `?${percent(s)}=${percent(s)}`),
        { nil: '' },
      ),
    });
    await fc.assert(
      fc.asyncProperty(request, async ({ caller, method, base, rest, query }) => {
        const url = `${[base, ...rest].join('/')}${query}`;
        const response = await w.send({ caller, method, url, ...(method === 'GET' ? {} : { body: {} }) });
        checkAnswer(response, `${caller} ${method} ${url}`);
      }),
      settings(150, 105),
    );
  }, 120_000);
});
