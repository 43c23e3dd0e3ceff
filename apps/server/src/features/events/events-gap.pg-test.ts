import type { AddressInfo } from 'node:net';
import { widgetByKey } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listAlerts, requestAction } from '../../test/alerts.ts';
import { NURSE } from '../../test/demo-accounts.ts';
import { buildTestApp, signInAll, type TestApp } from '../../test/test-app.ts';
import { isAlertEvent, type Subscription, subscribe } from './test-support.ts';

// Runs only against PostgreSQL (vitest includes *.pg-test.ts when DATABASE_URL is set): it needs two transactions
// open at once, which PGlite's one connection cannot hold. An event's id is taken when it is written, so a long
// transaction can commit an event with a lower id than one a client was already sent; a reconnect must still get it.

let t: TestApp;
let base: string;
let tokens: Record<string, string>;
const open: Subscription[] = [];

beforeAll(async () => {
  t = await buildTestApp({ sseHeartbeatSeconds: 1 });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  tokens = await signInAll(t.app, [NURSE]);
});
afterAll(async () => {
  for (const subscription of open) subscription.close();
  await t.close();
});

async function ready(lastEventId?: string): Promise<Subscription> {
  const subscription = await subscribe(base, tokens[NURSE] ?? '', lastEventId);
  expect(subscription.status).toBe(200);
  await subscription.waitFor((m) => m.event === 'ready', 'ready');
  open.push(subscription);
  return subscription;
}

describe('a reconnect after an event committed late', () => {
  it('replays the event of a transaction that committed after a later event was sent', async () => {
    const { list } = await listAlerts(t.app, tokens[NURSE] ?? '', widgetByKey('highCost'), 'facilityIds=101');
    const [held, quick] = list;
    if (!held || !quick) throw new Error('two highCost alerts at 101 needed');
    const first = await ready();

    // A long transaction writes its event first (the lower id) and stays open ...
    const pool = t.database.pool;
    if (!pool) throw new Error('this test needs PostgreSQL');
    const client = await pool.connect();
    try {
      await client.query('begin');
      await client.query(`update alerts set pharmacy_status = 'held back' where id = $1`, [held._internalID]);
      // ... while a Discuss on another alert commits, and the nurse is sent it.
      const asked = await requestAction(t.app, tokens[NURSE] ?? '', {
        widget: 'HighCost',
        _internalID: quick._internalID,
        requestedAction: 'ask',
        actionComment: 'Quick question',
      });
      expect(asked.status, JSON.stringify(asked.body)).toBe(200);
      const seen = await first.waitFor(isAlertEvent(quick._internalID, 'action.recorded'), 'the Discuss');
      first.close();
      await client.query('commit');
      const again = await ready(seen.id ?? '');
      const replayed = again.alerts();
      const late = replayed.find((e) => e.alertId === held._internalID && e.kind === 'alert.changed');
      expect(late?.alert?.pharmacyStatus).toBe('held back');
      expect(Number(late?.id)).toBeLessThan(Number(seen.id?.split('-')[0]));
    } finally {
      client.release();
    }
  });
});
