import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { bytea, users } from './people.ts';

/**
 * Optional TOTP second factor. A row with no `enabled_at` is a set-up in progress, proven by a first code before
 * it counts. The secret is sealed like the messaging credentials; recovery codes are kept as SHA-256 hashes and a
 * used one leaves the list. `last_step` is the 30-second time step of the last accepted code, so a code works once.
 */
export const userMfa = pgTable('user_mfa', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: bytea('secret').notNull(),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  recoveryCodeHashes: jsonb('recovery_code_hashes').$type<string[]>().notNull().default([]),
  lastStep: bigint('last_step', { mode: 'number' }),
});

/**
 * The step between a right password and the code: a short-lived, single-use token that opens no session by
 * itself. Only its SHA-256 is kept.
 */
export const mfaChallenges = pgTable(
  'mfa_challenges',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tokenHash: text('token_hash').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('mfa_challenges_token_idx').on(t.tokenHash),
    index('mfa_challenges_user_idx').on(t.userId),
  ],
);
