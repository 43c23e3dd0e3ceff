import { createHmac } from 'node:crypto';
import type { PackingSlip, PackingSlipHeader } from '@portal/domain';
import { SLIP_LINK_DAYS, STORABLE_YEAR_MESSAGE, TOTES_MESSAGES } from '@portal/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, packingSlips } from '../../db/schema/index.ts';
import { BROWSER_ENCODINGS, expectCompressed } from '../../test/compression.ts';
import { bearer, bodyOf, buildTestApp, signInAll, type TestApp } from '../../test/test-app.ts';
import { HEADERS_LIMIT } from './queries.ts';
import { slipToken } from './slip-token.ts';

let t: TestApp;
let tokens: Record<string, string>;
beforeAll(async () => {
  t = await buildTestApp();
  tokens = await signInAll(t.app, [
    'nurse@meadowbrook.test',
    'don@lakeside.test',
    'sysadmin@pharmacy.test',
    'billing@pharmacy.test',
  ]);
});
afterAll(async () => t.close());

// The demo world ships totes for the 7 days up to TEST_NOW (2026-11-02), 3 a day per facility.
const RANGE = 'fdate=10/27/2026&edate=11/02/2026';

const get = async (email: string, url: string) => {
  const response = await t.app.inject({ method: 'GET', url, headers: bearer(tokens[email] ?? '') });
  return { status: response.statusCode, body: bodyOf(response) };
};
const headers = async (email: string, query: string) => {
  const { status, body } = await get(email, `/api/packingslipheaders?${query}`);
  expect(status).toBe(200);
  return body.packingSlipHeadersList as PackingSlipHeader[];
};

describe('GET /api/packingslipheaders', () => {
  it('lists the totes of a US-format date range, only of facilities the caller may see', async () => {
    const nurse = await headers('nurse@meadowbrook.test', RANGE);
    expect(nurse.length).toBe(21);
    expect(new Set(nurse.map((h) => h.facID))).toEqual(new Set([101]));
    const first = nurse[0];
    expect(first).toMatchObject({ facName: 'Meadowbrook Care Center', pharmID: 'sprx' });
    expect(first?.psid).toMatch(/^PAK\d{7}$/);
    expect(first?.rxCount).toBeGreaterThanOrEqual(3);
    expect(first?.patCount).toBeGreaterThanOrEqual(1);
    expect(first?.patCount).toBeLessThanOrEqual(first?.rxCount ?? 0);

    const don = await headers('don@lakeside.test', RANGE);
    expect(new Set(don.map((h) => h.facID))).toEqual(new Set([201]));
    const sysadmin = await headers('sysadmin@pharmacy.test', RANGE);
    expect(new Set(sysadmin.map((h) => h.facID))).toEqual(new Set([101, 102, 201]));
  });

  it('narrows to the days of the range, both ends included', async () => {
    const oneDay = await headers('nurse@meadowbrook.test', 'fdate=11/01/2026&edate=11/01/2026');
    expect(oneDay.length).toBe(3);
    for (const h of oneDay) expect(h.shipDate.slice(0, 10)).toBe('2026-11-01');
    expect(await headers('nurse@meadowbrook.test', 'fdate=01/01/2020&edate=01/31/2020')).toEqual([]);
  });

  it("takes the range as the caller's calendar days when it names its time zone", async () => {
    const [tote] = await headers('nurse@meadowbrook.test', RANGE);
    if (!tote) throw new Error('no tote');
    // 9 pm on 30 October in Chicago, already the 31st in UTC.
    await t.database.db
      .update(packingSlips)
      .set({ shipDate: new Date('2026-10-31T02:00:00Z') })
      .where(and(eq(packingSlips.facId, tote.facID), eq(packingSlips.toteId, tote.toteID)));
    const onDay = async (day: string, zone?: string) =>
      (await headers('nurse@meadowbrook.test', `fdate=${day}&edate=${day}${zone ? `&tz=${zone}` : ''}`)).some(
        (h) => h.toteID === tote.toteID,
      );
    expect(await onDay('10/30/2026', 'America/Chicago')).toBe(true);
    expect(await onDay('10/31/2026', 'America/Chicago')).toBe(false);
    expect(await onDay('10/31/2026')).toBe(true);
    expect(await onDay('10/30/2026')).toBe(false);
    const unknown = await get('nurse@meadowbrook.test', `/api/packingslipheaders?${RANGE}&tz=Mars/Olympus`);
    expect(unknown.status).toBe(400);
  });

  it('searches tote ids and packing slip ids instead of the range', async () => {
    const [tote] = await headers('nurse@meadowbrook.test', RANGE);
    if (!tote) throw new Error('no tote');
    const byTote = await headers('nurse@meadowbrook.test', `SearchText=${tote.toteID.toLowerCase()}`);
    expect(byTote.map((h) => h.toteID)).toEqual([tote.toteID]);
    const byPsid = await headers('nurse@meadowbrook.test', `SearchText=${tote.psid}`);
    expect(byPsid.map((h) => h.toteID)).toEqual([tote.toteID]);
    // Another tenant's tote id finds nothing.
    expect(await headers('don@lakeside.test', `SearchText=${tote.toteID}`)).toEqual([]);
    expect(await headers('nurse@meadowbrook.test', 'SearchText=%25')).toEqual([]);
  });

  it('takes unpadded US dates (M/D/YYYY) as well as padded ones', async () => {
    const padded = await headers('nurse@meadowbrook.test', 'fdate=11/01/2026&edate=11/02/2026');
    expect(padded.length).toBeGreaterThan(0);
    expect(await headers('nurse@meadowbrook.test', 'fdate=11/1/2026&edate=11/2/2026')).toEqual(padded);
    expect(await headers('nurse@meadowbrook.test', 'fdate=10/27/2026&edate=11/2/2026')).toHaveLength(21);
    // The client's own example: an end date whose day is one digit.
    const { status } = await get('nurse@meadowbrook.test', '/api/packingslipheaders?edate=12/4/2025');
    expect(status).toBe(200);
  });

  it('refuses bad dates, From after To and future dates with a 400 and the message', async () => {
    const cases: [string, string, string][] = [
      ['fdate=2026-10-27', 'fdate', TOTES_MESSAGES.badDate],
      ['fdate=02/30/2026', 'fdate', TOTES_MESSAGES.badDate],
      ['edate=2/30/2026', 'edate', TOTES_MESSAGES.badDate],
      ['fdate=13/4/2026', 'fdate', TOTES_MESSAGES.badDate],
      ['fdate=1/4/26', 'fdate', TOTES_MESSAGES.badDate],
      ['fdate=11/02/2026&edate=10/30/2026', 'fdate', TOTES_MESSAGES.fromAfterTo],
      ['fdate=10/01/2026&edate=12/31/2099', 'edate', TOTES_MESSAGES.inFuture],
      ['fdate=12/31/2099', 'fdate', TOTES_MESSAGES.inFuture],
    ];
    for (const [query, field, message] of cases) {
      const { status, body } = await get('nurse@meadowbrook.test', `/api/packingslipheaders?${query}`);
      expect(status, query).toBe(400);
      expect(body.fields, query).toEqual({ [field]: message });
      expect(body.message, query).toBe(message);
    }
    expect((await get('nurse@meadowbrook.test', '/api/packingslipheaders?other=1')).status).toBe(400);
  });

  it('refuses a year PostgreSQL cannot store, or from before 1900, with a 400 and the message (not a 500)', async () => {
    // Year 0 reached the query as a date PostgreSQL has no year for; in a time zone, years 0 to 99 read as 19xx.
    for (const query of [
      'fdate=01/01/0000',
      'edate=01/01/0000',
      'fdate=06/15/0001&tz=America/Chicago',
      'fdate=12/31/1899',
    ]) {
      const field = query.slice(0, 5);
      const { status, body } = await get('nurse@meadowbrook.test', `/api/packingslipheaders?${query}`);
      expect(status, query).toBe(400);
      expect(body.fields, query).toEqual({ [field]: STORABLE_YEAR_MESSAGE });
    }
    expect((await get('nurse@meadowbrook.test', '/api/packingslipheaders?fdate=01/01/1900')).status).toBe(
      200,
    );
  });

  it('counts every tote of the range, and lists the newest HEADERS_LIMIT when there are more', async () => {
    expect((await get('nurse@meadowbrook.test', `/api/packingslipheaders?${RANGE}`)).body.count).toBe(21);
    // A January of 2025 with 5 totes more than one answer holds, at 101 (the nurse's) and 201 (not hers).
    await t.database.db.execute(sql`
      insert into ${packingSlips} (fac_id, tote_id, ns_id, ns_name, ship_date)
      select fac, 'TBULK-' || fac || '-' || g, 'NS1', 'North', timestamptz '2025-01-01 12:00Z' + g * interval '10 minutes'
      from generate_series(1, ${HEADERS_LIMIT + 5}) g cross join (values (101), (201)) f(fac)`);
    try {
      const { status, body } = await get(
        'nurse@meadowbrook.test',
        '/api/packingslipheaders?fdate=01/01/2025&edate=01/31/2025',
      );
      expect(status).toBe(200);
      const list = body.packingSlipHeadersList as PackingSlipHeader[];
      expect(list).toHaveLength(HEADERS_LIMIT);
      expect(body.count).toBe(HEADERS_LIMIT + 5);
      expect(new Set(list.map((h) => h.facID))).toEqual(new Set([101]));
      expect(list[0]?.toteID).toBe(`TBULK-101-${HEADERS_LIMIT + 5}`);
      expect(list.at(-1)?.toteID).toBe('TBULK-101-6');
      const search = await get('nurse@meadowbrook.test', '/api/packingslipheaders?SearchText=TBULK-101-200');
      expect(search.body.count).toBe((search.body.packingSlipHeadersList as unknown[]).length);
      expect(search.body.count).toBe(7); // 200 and 2000 to 2005
    } finally {
      await t.database.db.execute(sql`delete from ${packingSlips} where tote_id like 'TBULK-%'`);
    }
  });

  it('sends a range of totes as brotli or gzip to a client that accepts it, the same answer as uncompressed', async () => {
    const plain = await expectCompressed(t.app, {
      method: 'GET',
      url: `/api/packingslipheaders?${RANGE}`,
      headers: bearer(tokens['sysadmin@pharmacy.test'] ?? ''),
    });
    expect(bodyOf(plain).packingSlipHeadersList).toHaveLength(63);
  });

  it('refuses a caller without a session', async () => {
    expect((await t.app.inject(`/api/packingslipheaders?${RANGE}`)).statusCode).toBe(401);
  });
});

describe('GET /api/packingslipdetails', () => {
  it("answers a tote's slip with addresses, patients, drugs and the public link token", async () => {
    const [tote] = await headers('nurse@meadowbrook.test', RANGE);
    if (!tote) throw new Error('no tote');
    const { status, body } = await get(
      'nurse@meadowbrook.test',
      `/api/packingslipdetails?facID=101&toteID=${tote.toteID}`,
    );
    expect(status).toBe(200);
    const [slip] = body.data as PackingSlip[];
    expect(slip).toMatchObject({
      toteID: tote.toteID,
      facStreet1: '25 Meadowbrook Lane',
      facCity: 'Morristown',
      pharmName: 'SpecialtyRx Garden State',
      pharmPhone: '9735550142',
    });
    expect(slip?.patientDetails.flatMap((p) => p.drugDetails)).toHaveLength(tote.rxCount);
    expect(slip?.patientDetails).toHaveLength(tote.patCount);
    // The public link's token: its expiry (seconds) and the signature over tote and expiry.
    expect(slip?.auth).toMatch(/^\d{10}\.[A-Za-z0-9_-]{43}$/);
    const expires = Number(slip?.auth.split('.')[0]) * 1000;
    expect(Math.abs(expires - (Date.now() + SLIP_LINK_DAYS * 86_400_000))).toBeLessThan(60_000);
  });

  it('carries delivery info and signature only on delivered slips', async () => {
    const list = await headers('nurse@meadowbrook.test', RANGE);
    const slips = await Promise.all(
      list.map(async (h) => {
        const { body } = await get(
          'nurse@meadowbrook.test',
          `/api/packingslipdetails?facID=101&toteID=${h.toteID}`,
        );
        return (body.data as PackingSlip[])[0];
      }),
    );
    const signed = slips.filter((s) => s?.signature);
    expect(signed.length).toBeGreaterThan(0);
    for (const s of signed) expect(s?.showDeliveryInfo).toBe(true);
    for (const s of slips.filter((x) => !x?.showDeliveryInfo)) {
      expect(s?.deliveredBy).toBeNull();
      expect(s?.signature).toBeNull();
    }
  });

  it('never compresses a slip, since it carries the public link token (BREACH)', async () => {
    const totes = await headers('sysadmin@pharmacy.test', RANGE);
    const tote = totes.reduce((a, b) => (b.rxCount > a.rxCount ? b : a));
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/packingslipdetails?facID=${tote?.facID}&toteID=${tote?.toteID}`,
      headers: { ...bearer(tokens['sysadmin@pharmacy.test'] ?? ''), 'accept-encoding': BROWSER_ENCODINGS },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    // Past the threshold: only the route's leaving it out keeps the token uncompressed.
    expect(response.rawPayload.length).toBeGreaterThan(2048);
    expect(bodyOf<{ data: { auth: string }[] }>(response).data[0]?.auth).toBeTruthy();
  });

  it("answers 404 for another tenant's tote and for a tote that does not exist", async () => {
    const [tote] = await headers('nurse@meadowbrook.test', RANGE);
    const url = `/api/packingslipdetails?facID=101&toteID=${tote?.toteID}`;
    expect((await get('don@lakeside.test', url)).status).toBe(404);
    expect((await get('billing@pharmacy.test', url)).status).toBe(404);
    expect(
      (await get('nurse@meadowbrook.test', '/api/packingslipdetails?facID=101&toteID=NOPE')).status,
    ).toBe(404);
    expect((await get('nurse@meadowbrook.test', '/api/packingslipdetails?facID=x&toteID=1')).status).toBe(
      400,
    );
    expect((await t.app.inject(url)).statusCode).toBe(401);
  });
});

describe('GET /api/packingslipdetailsopen', () => {
  const slipOf = async (toteID: string) => {
    const { body } = await get(
      'nurse@meadowbrook.test',
      `/api/packingslipdetails?facID=101&toteID=${toteID}`,
    );
    return (body.data as PackingSlip[])[0] as PackingSlip;
  };

  it('shows the slip without signing in when the token is the one the slip carries', async () => {
    const [tote] = await headers('nurse@meadowbrook.test', RANGE);
    const slip = await slipOf(tote?.toteID ?? '');
    const response = await t.app.inject(
      `/api/packingslipdetailsopen?facID=101&toteID=${encodeURIComponent(slip.toteID)}&auth=${slip.auth}`,
    );
    expect(response.statusCode).toBe(200);
    const [open] = bodyOf<{ slips: PackingSlip[] }>(response).slips;
    expect(open?.toteID).toBe(slip.toteID);
    expect(open?.patientDetails).toEqual(slip.patientDetails);
  });

  it('records each slip read, signed in or through the public link, in the audit trail', async () => {
    const [tote] = await headers('nurse@meadowbrook.test', RANGE);
    const slip = await slipOf(tote?.toteID ?? '');
    await t.app.inject(
      `/api/packingslipdetailsopen?facID=101&toteID=${encodeURIComponent(slip.toteID)}&auth=${slip.auth}`,
    );
    const events = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.kind, 'tote.view'), eq(auditEvents.recordId, slip.toteID)));
    expect(events.map((e) => [e.actor, e.facId, e.outcome])).toEqual(
      expect.arrayContaining([
        ['nurse@meadowbrook.test', 101, 'success'],
        ['signed slip link', 101, 'success'],
      ]),
    );
  });

  it('answers 404 with no data for a missing, wrong or altered token', async () => {
    const [a, b] = await headers('nurse@meadowbrook.test', RANGE);
    const slipA = await slipOf(a?.toteID ?? '');
    const slipB = await slipOf(b?.toteID ?? '');
    const flipped = `${slipA.auth.slice(0, -1)}${slipA.auth.endsWith('A') ? 'B' : 'A'}`;
    const attempts = [
      `facID=101&toteID=${slipA.toteID}`,
      `facID=101&toteID=${slipA.toteID}&auth=`,
      `facID=101&toteID=${slipA.toteID}&auth=${flipped}`,
      `facID=101&toteID=${slipA.toteID}&auth=${slipB.auth}`,
      // The token of tote A presented for tote B, and for the same tote id at another facility.
      `facID=101&toteID=${slipB.toteID}&auth=${slipA.auth}`,
      `facID=102&toteID=${slipA.toteID}&auth=${slipA.auth}`,
    ];
    for (const query of attempts) {
      const response = await t.app.inject(`/api/packingslipdetailsopen?${query}`);
      expect([400, 404], query).toContain(response.statusCode);
      expect(response.body, query).not.toContain('patientDetails');
      expect(response.body, query).not.toContain(slipA.facStreet1);
    }
    const wrong = await t.app.inject(
      `/api/packingslipdetailsopen?facID=101&toteID=${slipA.toteID}&auth=${flipped}`,
    );
    expect(wrong.statusCode).toBe(404);
  });

  it('answers an expired, re-dated or old-style link with the same 404 as a forged one', async () => {
    const [tote] = await headers('nurse@meadowbrook.test', RANGE);
    const slip = await slipOf(tote?.toteID ?? '');
    const open = (auth: string) =>
      t.app.inject(
        `/api/packingslipdetailsopen?facID=101&toteID=${encodeURIComponent(slip.toteID)}&auth=${auth}`,
      );
    const day = 86_400_000;
    const toteID = slip.toteID;
    // Handed out 15 days ago with the server's own key: it worked then, and is over now.
    const expired = slipToken(
      t.app.secretKey,
      101,
      toteID,
      new Date(Date.now() - (SLIP_LINK_DAYS + 1) * day),
    );
    const [expires, mac] = slip.auth.split('.');
    const redated = `${Number(expires) + 365 * 86_400}.${mac}`;
    const legacy = createHmac('sha256', t.app.secretKey)
      .update(`packing-slip-open:v1:101:${toteID}`)
      .digest('base64url');
    const forged = await open(`${expires}.${'A'.repeat(43)}`);
    expect(forged.statusCode).toBe(404);
    for (const auth of [expired, redated, legacy]) {
      const response = await open(auth);
      expect(response.statusCode, auth).toBe(404);
      expect(response.body, auth).toBe(forged.body);
    }
    expect((await open(slip.auth)).statusCode).toBe(200);
  });

  it('records each refused link as a failed read of the tote asked for, one alike for every refusal, without its token', async () => {
    const [tote] = await headers('nurse@meadowbrook.test', RANGE);
    const slip = await slipOf(tote?.toteID ?? '');
    const toteID = slip.toteID;
    const expired = slipToken(
      t.app.secretKey,
      101,
      toteID,
      new Date(Date.now() - (SLIP_LINK_DAYS + 1) * 86_400_000),
    );
    const [expires] = slip.auth.split('.');
    const refused = [
      { facID: 101, toteID, auth: '' },
      { facID: 101, toteID, auth: `${expires}.${'A'.repeat(43)}` },
      { facID: 101, toteID, auth: expired },
      // A right token for another facility, and for a tote that is not there: the answer says neither.
      { facID: 102, toteID, auth: slip.auth },
      {
        facID: 101,
        toteID: 'NO-SUCH-TOTE',
        auth: slipToken(t.app.secretKey, 101, 'NO-SUCH-TOTE', new Date()),
      },
    ];
    for (const [i, query] of refused.entries()) {
      const remoteAddress = `10.91.0.${i + 1}`;
      const response = await t.app.inject({
        url: `/api/packingslipdetailsopen?facID=${query.facID}&toteID=${encodeURIComponent(query.toteID)}&auth=${encodeURIComponent(query.auth)}`,
        remoteAddress,
      });
      expect(response.statusCode, query.auth).toBe(404);
      const events = await t.database.db.select().from(auditEvents).where(eq(auditEvents.ip, remoteAddress));
      expect(events, query.auth).toHaveLength(1);
      expect(events[0], query.auth).toMatchObject({
        userId: null,
        actor: 'signed slip link',
        kind: 'tote.view',
        recordType: 'tote',
        recordId: query.toteID,
        facId: query.facID,
        outcome: 'failure',
        detail: { via: 'packingslipdetailsopen', reason: 'invalidLink' },
      });
      if (query.auth) expect(JSON.stringify(events[0]), query.auth).not.toContain(query.auth);
    }
  });
});

describe('facility ids that only look like numbers', () => {
  it.each(['0x65', '1.01e2', '%20101'])('refuses packingslipdetails?facID=%s with a 400', async (id) => {
    const { status, body } = await get(
      'nurse@meadowbrook.test',
      `/api/packingslipdetails?facID=${id}&toteID=T1`,
    );
    expect(status).toBe(400);
    expect(body).toMatchObject({ fields: { facID: expect.any(String) } });
  });
});
