import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobRuns, loginAttempts } from '../../db/schema/index.ts';
import { HOUR_MS } from '../../platform/hours.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { ATTEMPT_KEEP_HOURS, assertNotThrottled, THROTTLE } from './throttle.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

describe('the sign-in attempts kept for throttling', () => {
  it('are deleted a day after they were made, by the scheduler, and the throttle still counts the recent ones', async () => {
    expect(ATTEMPT_KEEP_HOURS).toBe(24);
    const now = Date.now();
    const at = (hoursAgo: number) => new Date(now - hoursAgo * HOUR_MS);
    const account = 'retention@example.test';
    await t.database.db.insert(loginAttempts).values([
      { account, ip: '10.8.0.1', succeeded: false, at: at(25) },
      { account: 'register:old@example.test', ip: '10.8.0.2', succeeded: true, at: at(48) },
      { account, ip: '10.8.0.1', succeeded: false, at: at(23) },
      // Five failures in the throttle's window: the account is refused.
      ...Array.from({ length: THROTTLE.perAccount }, () => ({
        account,
        ip: '10.8.0.3',
        succeeded: false,
        at: at(0.01),
      })),
    ]);

    await t.app.jobs.runAll();
    const [run] = await t.database.db
      .select()
      .from(jobRuns)
      .where(eq(jobRuns.name, 'login-attempts-retention'));
    expect(run).toMatchObject({ lastError: null });

    const left = await t.database.db.select().from(loginAttempts);
    expect(
      left.map((row) => row.at.getTime()).every((time) => time > now - ATTEMPT_KEEP_HOURS * HOUR_MS),
    ).toBe(true);
    expect(left.filter((row) => row.account === account)).toHaveLength(THROTTLE.perAccount + 1);
    expect(left.some((row) => row.account === 'register:old@example.test')).toBe(false);
    await expect(assertNotThrottled(t.database.db, account, '10.8.0.9')).rejects.toMatchObject({
      statusCode: 429,
    });
  });
});
