import { widgetByKey } from '@portal/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listAlerts, requestAction } from '../../test/alerts.ts';
import { buildTestApp, signInAll, type TestApp } from '../../test/test-app.ts';

// Runs only against PostgreSQL (a pool of connections; PGlite runs one statement at a time, so answers to one
// alert never overlap there). Answers to one alert sent at once must be applied in one order: the status that
// stays is the newest entry's, and the thread's order by time is its order by id.

const USERS = ['nurse@meadowbrook.test', 'admin@meadowbrook.test', 'super@portal.test'];
const ACTIONS = ['approve', 'deny', 'approveonce'];

let t: TestApp;
let tokens: Record<string, string>;

beforeAll(async () => {
  t = await buildTestApp();
  tokens = await signInAll(t.app, USERS);
});
afterAll(async () => t.close());

type Entry = { id: number; action: string; sent_at: string };

describe('answers to one alert sent at once', () => {
  it('leave the status of the newest entry, in a thread ordered alike by time and by id', async () => {
    const { list } = await listAlerts(
      t.app,
      tokens[USERS[0] ?? ''] ?? '',
      widgetByKey('highCost'),
      'facilityIds=101',
    );
    const alert = list.find((a) => a.srxStatus === null);
    if (!alert) throw new Error('no unanswered highCost alert at 101');
    for (let round = 0; round < 8; round += 1) {
      const answers = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          requestAction(t.app, tokens[USERS[i % 3] ?? ''] ?? '', {
            widget: 'HighCost',
            _internalID: alert._internalID,
            requestedAction: ACTIONS[(i + round) % 3] ?? 'approve',
            actionComment: `round ${round} answer ${i}`,
          }),
        ),
      );
      expect(answers.map((a) => a.status)).toEqual(Array(12).fill(200));
      const result = (await t.database.db.execute(
        sql`select id::int as id, action, sent_at::text as sent_at from alert_actions where alert_id = ${alert._internalID} order by sent_at, id`,
      )) as unknown as { rows: Entry[] };
      const byTime = result.rows;
      expect(byTime.map((e) => e.id)).toEqual([...byTime.map((e) => e.id)].sort((a, b) => a - b));
      const status = (await t.database.db.execute(
        sql`select srx_status from alerts where id = ${alert._internalID}`,
      )) as unknown as { rows: { srx_status: string }[] };
      expect(status.rows[0]?.srx_status).toBe(byTime.at(-1)?.action);
    }
  });
});
