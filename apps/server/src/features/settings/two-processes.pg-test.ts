import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alertReminders, facilityContacts, facilitySettings, outbox } from '../../db/schema/index.ts';
import { seedIfEmpty } from '../../db/seed/index.ts';
import { type ServerProcess, startServerProcess, stopServerProcesses } from '../../test/server-process.ts';
import { startSmtpListener } from '../../test/smtp-listener.ts';
import { freshDatabase } from '../../test/test-app.ts';
import { raiseAlert } from './test-support.ts';

// Runs only against PostgreSQL (vitest includes *.pg-test.ts when DATABASE_URL is set): the embedded database
// serves one process, so "two processes on one database" means PostgreSQL.

let fresh: Awaited<ReturnType<typeof freshDatabase>>;
let smtp: Awaited<ReturnType<typeof startSmtpListener>>;
const servers: ServerProcess[] = [];

beforeAll(async () => {
  fresh = await freshDatabase();
  smtp = await startSmtpListener();
  const db = fresh.database.db;
  await seedIfEmpty(db, { pharmacyEmailDomain: 'pharmacy.test' });
  await db.insert(facilitySettings).values([
    { facId: 301, widget: 'highCost', settingName: 'EmailNotificationMaxCount', settingValue: '1' },
    { facId: 301, widget: 'highCost', settingName: 'EmailNotificationIntervalMinutes', settingValue: '60' },
  ]);
  await db.insert(facilityContacts).values([
    { facId: 301, widget: 'highCost', contactInfo: 'don@buckeye.test' },
    { facId: 301, widget: 'highCost', contactInfo: 'admin@buckeye.test' },
  ]);
  for (let i = 0; i < 5; i++) {
    await raiseAlert(db, {
      widget: 'highCost',
      facId: 301,
      dateCreated: new Date(Date.now() - 2 * 3_600_000),
    });
  }
}, 60_000);

afterAll(async () => {
  await stopServerProcesses(servers);
  await smtp.close();
  await fresh.drop();
});

describe('two server processes on one PostgreSQL database', () => {
  it('send each reminder exactly once', async () => {
    servers.push(
      ...(await Promise.all(
        [0, 1].map(() =>
          startServerProcess({ DATABASE_URL: fresh.url, SWEEP_INTERVAL_SECONDS: '1', SMTP_URL: smtp.url }),
        ),
      )),
    );
    const deadline = Date.now() + 45_000;
    while (smtp.received.length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    // Both processes keep sweeping every second; give them several more rounds to send anything twice.
    await new Promise((r) => setTimeout(r, 5000));
    expect(servers.every((s) => s.child.exitCode === null)).toBe(true);
    expect(smtp.received.map((m) => m.to[0]).sort()).toEqual(['admin@buckeye.test', 'don@buckeye.test']);
    const rows = await fresh.database.db.select().from(outbox).where(eq(outbox.kind, 'reminder'));
    expect(rows.map((r) => r.status)).toEqual(['sent', 'sent']);
    expect(await fresh.database.db.select().from(alertReminders)).toHaveLength(5);
    expect(smtp.received[0]?.raw).toContain('5 AUTHORIZATION alerts');
  }, 90_000);
});
