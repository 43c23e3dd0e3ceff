import type { PGlite } from '@electric-sql/pglite';
import { type Logger, type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteOldAttempts } from '../features/auth/throttle.ts';
import {
  isOpenRegistrationPassword,
  revokeLinkTokens,
  sweepClosedLinks,
} from '../features/registration/link-tokens.ts';
import { deleteOldMail } from '../platform/mail.ts';
import { freshDatabase } from '../test/test-app.ts';
import type { Database, Db } from './client.ts';
import * as schema from './schema/index.ts';

// Each scheduled sweep deletes by a time its table indexes (migration 0018), and what reads or closes one user's
// links finds them by user_id (migration 0019), so each reads its own rows, not the whole table. Which plan PostgreSQL picks depends on how many rows there are and how many match; whether the
// statement can use the index does not: with sequential scans priced out, a statement the index fits is planned on
// it, and one it does not fit still scans the table. The statements are the functions' own, as they ran.

let fresh: Awaited<ReturnType<typeof freshDatabase>>;
beforeAll(async () => {
  fresh = await freshDatabase();
});
afterAll(async () => fresh.drop());

/** The database's own client under a Drizzle that records each statement with its parameters. */
function recording(database: Database, statements: { text: string; params: unknown[] }[]): Db {
  const logger: Logger = { logQuery: (text, params) => statements.push({ text, params }) };
  const client = (database.db as unknown as { $client: unknown }).$client;
  const db =
    database.kind === 'postgres'
      ? drizzlePg(client as pg.Pool, { schema, logger })
      : drizzlePglite(client as PGlite, { schema, logger });
  return db as unknown as Db;
}

/** A recorded statement with its `$n` placeholders bound again to its parameters. */
function bound({ text, params }: { text: string; params: unknown[] }): SQL {
  const parts = text.split(/\$(\d+)/);
  const chunks: SQL[] = [sql.raw(parts[0] ?? '')];
  for (let i = 1; i < parts.length; i += 2)
    chunks.push(sql`${params[Number(parts[i]) - 1]}`, sql.raw(parts[i + 1] ?? ''));
  return sql.join(chunks);
}

/**
 * Runs `run`, then answers the plan of each statement it ran whose verb `verbs` matches (by default each DELETE and
 * UPDATE), with sequential scans priced out.
 */
async function plansOf(run: (db: Db) => Promise<unknown>, verbs = /^(delete|update)\b/i): Promise<string[]> {
  const statements: { text: string; params: unknown[] }[] = [];
  await run(recording(fresh.database, statements));
  const chosen = statements.filter((s) => verbs.test(s.text));
  expect(chosen.length).toBeGreaterThan(0);
  return fresh.database.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    const plans: string[] = [];
    for (const statement of chosen) {
      const result = (await tx.execute(sql`explain ${bound(statement)}`)) as unknown as {
        rows: { 'QUERY PLAN': string }[];
      };
      plans.push(`${statement.text}\n${result.rows.map((r) => r['QUERY PLAN']).join('\n')}`);
    }
    return plans;
  });
}

describe('the sweeps', () => {
  const now = new Date();

  it('delete old sign-in attempts through login_attempts_at_idx', async () => {
    const plans = await plansOf((db) => deleteOldAttempts(db, now));
    expect(plans).toHaveLength(1);
    expect(plans[0]).toContain('login_attempts_at_idx');
  });

  it("find closed links, and their mails' keys, through each link table's closed_idx", async () => {
    const plans = await plansOf((db) => sweepClosedLinks(db, now));
    for (const table of ['email_confirmation_tokens', 'password_reset_tokens']) {
      // The scrub of their mails (an UPDATE of outbox selecting from the table), then the DELETE.
      const touching = plans.filter((plan) => plan.split('\n')[0]?.includes(`"${table}"`));
      expect(touching, table).toHaveLength(2);
      for (const plan of touching) expect(plan, table).toContain(`${table}_closed_idx`);
    }
  });

  it('delete old outbox messages through outbox_created_idx', async () => {
    const plans = await plansOf((db) => deleteOldMail(db, now));
    expect(plans).toHaveLength(1);
    expect(plans[0]).toContain('outbox_created_idx');
  });
});

describe("one user's links", () => {
  const now = new Date();

  it('are read at sign-in, for their open registrations, through email_confirmation_tokens_user_idx', async () => {
    const plans = await plansOf((db) => isOpenRegistrationPassword(db, 1, 'a password', now), /^select\b/i);
    expect(plans).toHaveLength(1);
    expect(plans[0]).toContain('email_confirmation_tokens_user_idx');
  });

  it.each([
    ['confirm', 'email_confirmation_tokens'],
    ['reset', 'password_reset_tokens'],
  ] as const)('of kind %s are revoked through %s_user_idx', async (kind, table) => {
    const plans = await plansOf((db) => revokeLinkTokens(db, kind, 1, now));
    expect(plans).toHaveLength(1);
    expect(plans[0]).toContain(`${table}_user_idx`);
  });
});
