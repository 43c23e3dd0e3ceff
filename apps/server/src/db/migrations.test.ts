import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { isUniqueViolation } from '../platform/db-errors.ts';
import { MIGRATIONS_FOLDER } from './client.ts';

// A database made before migration 0008 (alerts.list_json) and holding alerts must come through the upgrade with
// every kept row filled and no alert_events written: the rebuild at the end of 0008 is an UPDATE of every alert,
// which the events triggers of 0005 must not report. Drizzle's migrator also skips a journal entry whose `when`
// is not later than the last applied one, so 0008 must come after 0005 in time as well as in the journal.

const LIST_JSON_TAG = '0008_alert_list_json';
const folders: string[] = [];
afterAll(async () => {
  for (const folder of folders) await rm(folder, { recursive: true, force: true });
});

/** A copy of the migrations folder whose journal stops before the migration with this tag. */
async function foldersBefore(tag: string): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), 'portal-migrations-'));
  folders.push(folder);
  await cp(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journalPath = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag === tag);
  expect(at).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  await writeFile(journalPath, JSON.stringify(journal));
  return folder;
}

describe('migration 0008 on a database that already has alerts', () => {
  it('fills list_json for every alert and writes no alert event', async () => {
    const client = await PGlite.create();
    try {
      const db = drizzle(client);
      const rows = async <T>(query: ReturnType<typeof sql>) =>
        ((await db.execute(query)) as unknown as { rows: T[] }).rows;

      await migrate(db, { migrationsFolder: await foldersBefore(LIST_JSON_TAG) });
      await db.execute(
        sql`insert into pharmacies (pharm_id, name, state, form_set) values ('p1', 'P', 'NY', 'x')`,
      );
      await db.execute(
        sql`insert into facilities (fac_id, name, pharm_id, state) values (1, 'F', 'p1', 'NY')`,
      );
      await db.execute(sql`
        insert into alerts (uuid, widget, fac_id, pharm_id, rx_no, rx_guid, pat_name, date_created, read_by_faci,
          archived_at)
        select gen_random_uuid(), 'highCost', 1, 'p1', 'rx' || n, gen_random_uuid(), 'Pat ' || n, now(), false,
          case when n = 3 then now() end
        from generate_series(1, 3) n`);
      await db.execute(sql`
        insert into alert_actions (alert_id, action, comment, requested_by, read_by_faci)
        select id, 'Reply', 'before 0008', 'Pharmacist', false from alerts where rx_no in ('rx1', 'rx2')`);
      const [before] = await rows<{ n: number }>(sql`select count(*)::int as n from alert_events`);
      expect(before?.n).toBeGreaterThan(0);

      await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });

      const [applied] = await rows<{ n: number }>(
        sql`select count(*)::int as n from information_schema.columns
          where table_name = 'alerts' and column_name = 'list_json'`,
      );
      expect(applied?.n, 'migration 0008 was applied').toBe(1);
      const kept = await rows<{ rx_no: string; stale: boolean; actions: number }>(sql`
        select rx_no, list_json is distinct from alert_list_json(alerts) as stale,
          json_array_length((list_json::json) -> 'actions') as actions
        from alerts order by rx_no`);
      expect(kept).toEqual([
        { rx_no: 'rx1', stale: false, actions: 1 },
        { rx_no: 'rx2', stale: false, actions: 1 },
        { rx_no: 'rx3', stale: false, actions: 0 },
      ]);
      const [after] = await rows<{ n: number }>(sql`select count(*)::int as n from alert_events`);
      expect(after?.n).toBe(before?.n);
    } finally {
      await client.close();
    }
  });
});

describe('migration 0015 on a database that holds one version written twice', () => {
  it('keeps every row, marks the later twins, and then refuses another', async () => {
    const client = await PGlite.create();
    try {
      const db = drizzle(client);
      const rows = async <T>(query: ReturnType<typeof sql>) =>
        ((await db.execute(query)) as unknown as { rows: T[] }).rows;

      // What the exact-text check let in before versions were compared as numbers.
      await migrate(db, { migrationsFolder: await foldersBefore('0015_version_number_unique') });
      await db.execute(sql`
        insert into versions (version, title, description, date, author)
        select v, 'Title ' || v, '<p>' || v || '</p>', '2026-11-01', 'Admin'
        from unnest(array['2.4.0', '2.5', '2.4', '02.4.0', '2.10', '2.1']) with ordinality as x(v, n) order by n`);

      await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });

      const kept = await rows<{ id: number; version: string; title: string }>(
        sql`select id, version, title from versions order by id`,
      );
      const idOf = (title: string) => kept.find((r) => r.title === title)?.id;
      expect(kept.map((r) => [r.version, r.title])).toEqual([
        ['2.4.0', 'Title 2.4.0'],
        ['2.5', 'Title 2.5'],
        [`2.4-duplicate-${idOf('Title 2.4')}`, 'Title 2.4'],
        [`02.4.0-duplicate-${idOf('Title 02.4.0')}`, 'Title 02.4.0'],
        ['2.10', 'Title 2.10'],
        ['2.1', 'Title 2.1'],
      ]);
      await expect(
        db.execute(
          sql`insert into versions (version, title, description, date, author)
            values ('2.5.0', 'Again', '<p>x</p>', '2026-11-02', 'Admin')`,
        ),
      ).rejects.toSatisfy(isUniqueViolation);
    } finally {
      await client.close();
    }
  });
});

describe('migration 0017 on a database holding confirmation links', () => {
  it("binds each open link of an unconfirmed account to the account's password and name, and voids the rest", async () => {
    const client = await PGlite.create();
    try {
      const db = drizzle(client);
      const rows = async <T>(query: ReturnType<typeof sql>) =>
        ((await db.execute(query)) as unknown as { rows: T[] }).rows;

      await migrate(db, { migrationsFolder: await foldersBefore('0017_email_confirmation_registration') });
      await db.execute(sql`
        insert into users (id, email, display_name, user_type, password_hash, email_confirmed_at) values
          (1, 'pending@example.test', 'Pat Pending', 'FacilityUser', '$argon2id$pending', null),
          (2, 'reset@example.test', 'Rita Reset', 'FacilityUser', '$argon2id$reset', now())`);
      // Account 1: an open link (its latest registration's) and one voided by that registration; account 2 was
      // confirmed by a password reset, which left its link open.
      await db.execute(sql`
        insert into email_confirmation_tokens (user_id, token_hash, expires_at, used_at) values
          (1, 'open', now() + interval '1 day', null),
          (1, 'voided', now() + interval '1 day', now()),
          (2, 'after-reset', now() + interval '1 day', null)`);

      await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });

      const links = await rows<{
        token_hash: string;
        used: boolean;
        password_hash: string;
        display_name: string;
      }>(
        sql`select token_hash, used_at is not null as used, password_hash, display_name
          from email_confirmation_tokens order by id`,
      );
      expect(links).toEqual([
        { token_hash: 'open', used: false, password_hash: '$argon2id$pending', display_name: 'Pat Pending' },
        { token_hash: 'voided', used: true, password_hash: '', display_name: '' },
        { token_hash: 'after-reset', used: true, password_hash: '', display_name: '' },
      ]);
      // A new link must name its registration: the columns keep no default.
      await expect(
        db.execute(sql`insert into email_confirmation_tokens (user_id, token_hash, expires_at)
          values (1, 'bare', now() + interval '1 day')`),
      ).rejects.toThrow();
    } finally {
      await client.close();
    }
  });
});

describe('migration 0018 on a database holding mail', () => {
  it('scrubs the link tokens of mail already sent or given up, and leaves kept and pending mail as it was', async () => {
    const client = await PGlite.create();
    try {
      const db = drizzle(client);
      const rows = async <T>(query: ReturnType<typeof sql>) =>
        ((await db.execute(query)) as unknown as { rows: T[] }).rows;

      await migrate(db, { migrationsFolder: await foldersBefore('0018_sweep_indexes') });
      const link = (token: string) => `https://portal.test/reset-password?email=a%40b.test&token=${token}`;
      await db.execute(sql`
        insert into outbox (dedupe_key, kind, "to", subject, text_body, html_body, status) values
          ('sent', 'password.reset', 'a@b.test', 'S', ${`Use ${link('sent-Token_1')} once.`},
            ${'<a href="https://portal.test/x?email=a&amp;token=html-Token_2">x</a>'}, 'sent'),
          ('failed', 'password.reset', 'a@b.test', 'S', ${`Use ${link('failed-Token_3')}`}, null, 'failed'),
          ('kept', 'password.reset', 'a@b.test', 'S', ${`Use ${link('kept-Token_4')}`}, null, 'kept'),
          ('pending', 'password.reset', 'a@b.test', 'S', ${`Use ${link('pending-Token_5')}`}, null, 'pending'),
          ('reminder', 'reminder', 'a@b.test', 'S', 'Open https://portal.test/alerts/x?facilityIds=301', null,
            'sent')`);

      await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });

      const mails = await rows<{ dedupe_key: string; text_body: string; html_body: string | null }>(
        sql`select dedupe_key, text_body, html_body from outbox order by id`,
      );
      expect(mails).toEqual([
        {
          dedupe_key: 'sent',
          text_body: `Use ${link('removed')} once.`,
          html_body: '<a href="https://portal.test/x?email=a&amp;token=removed">x</a>',
        },
        { dedupe_key: 'failed', text_body: `Use ${link('removed')}`, html_body: null },
        { dedupe_key: 'kept', text_body: `Use ${link('kept-Token_4')}`, html_body: null },
        { dedupe_key: 'pending', text_body: `Use ${link('pending-Token_5')}`, html_body: null },
        {
          dedupe_key: 'reminder',
          text_body: 'Open https://portal.test/alerts/x?facilityIds=301',
          html_body: null,
        },
      ]);
    } finally {
      await client.close();
    }
  });
});
