import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alerts } from '../db/schema/index.ts';
import { bearer, buildTestApp, signIn, type TestApp } from '../test/test-app.ts';
import { formatSummary, runIngest } from './ingest-run.ts';

let t: TestApp;
let url: string;
let key: string;
let dir: string;

beforeAll(async () => {
  t = await buildTestApp();
  url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const token = await signIn(t.app, 'sysadmin@pharmacy.test');
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/pharmacy-keys',
    headers: bearer(token),
    payload: { pharmID: 'sprx', name: 'CLI test' },
  });
  key = (created.json() as { secret: string }).secret;
  dir = await mkdtemp(join(tmpdir(), 'ingest-cli-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
  await t.close();
});

const uuids = Array.from({ length: 4 }, () => randomUUID());

describe('the ingest command', () => {
  it('imports a CSV file, reports the bad row by number, and a second run finds everything unchanged', async () => {
    const file = join(dir, 'pumps.csv');
    await writeFile(
      file,
      [
        '_internalUUID,rxNo,facID,patName,dateCreated,qty,serialNumber,comment,archived',
        `${uuids[0]},0070001,101,"Pump, Paula",2026-11-02T10:00:00Z,1,CADD-1,"Courier, next run",`,
        `${uuids[1]},0070002,101,"Pump, Pete",2026-11-02T10:00:00Z,,CADD-2,,false`,
        `${uuids[2]},0070003,101,"Pump, Polly",not a date,,CADD-3,,`,
      ].join('\n'),
    );
    const first = await runIngest({ file, widget: 'pumpPickup', url, key });
    expect(first).toMatchObject({ read: 3, created: 2, updated: 0, unchanged: 0 });
    expect(first.rejected).toEqual([{ row: 3, reason: expect.stringMatching(/^dateCreated: /) }]);
    expect(formatSummary(first)).toContain('row 3: dateCreated');
    const [stored] = await t.database.db
      .select()
      .from(alerts)
      .where(eq(alerts.uuid, uuids[0] ?? ''));
    expect(stored).toMatchObject({ rxNo: '0070001', patName: 'Pump, Paula', qty: 1, widget: 'pumpPickup' });
    expect(stored?.details).toMatchObject({ serialNumber: 'CADD-1', comment: 'Courier, next run' });
    const second = await runIngest({ file, widget: 'pumpPickup', url, key });
    expect(second).toMatchObject({ created: 0, unchanged: 2 });
  });

  it('imports a JSON file, and sends the rest of a batch again without the row the server refuses', async () => {
    const file = join(dir, 'thera.json');
    const row = (uuid: string | undefined, facID: number) => ({
      _internalUUID: uuid,
      rxNo: '7100001',
      facID,
      patName: 'Json, Jo',
      dateCreated: '2026-11-02T10:00:00Z',
      prescribedDrugName: 'Eliquis 5 mg tablet',
    });
    await writeFile(file, JSON.stringify({ alerts: [row(uuids[3], 101)] }));
    expect(await runIngest({ file, widget: 'theraInt', url, key })).toMatchObject({
      created: 1,
      rejected: [],
    });
    const refused = join(dir, 'refused.json');
    const repeated = randomUUID();
    await writeFile(
      refused,
      JSON.stringify([
        row(randomUUID(), 101),
        row(randomUUID(), 201),
        row(repeated, 101),
        row(repeated, 101),
      ]),
    );
    const summary = await runIngest({ file: refused, widget: 'theraInt', url, key });
    expect(summary.created).toBe(2);
    expect(summary.rejected).toEqual([
      { row: 2, reason: 'facID: facility 201 is not a facility of pharmacy sprx' },
      { row: 4, reason: '_internalUUID: repeats row 3' },
    ]);
  });

  it('stops on a wrong key', async () => {
    const file = join(dir, 'thera.json');
    await expect(runIngest({ file, widget: 'theraInt', url, key: 'cpk_wrong' })).rejects.toThrow(/API key/);
  });
});
