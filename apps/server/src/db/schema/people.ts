import { type SQL, sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  customType,
  index,
  integer,
  jsonb,
  type PgColumn,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

export const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/** A dispensing pharmacy. `permissions` are its pharmPermissions. */
export const pharmacies = pgTable('pharmacies', {
  pharmId: text('pharm_id').primaryKey(),
  name: text('name').notNull(),
  state: text('state').notNull(),
  formSet: text('form_set').notNull(),
  street1: text('street1').notNull().default(''),
  city: text('city').notNull().default(''),
  zip: text('zip').notNull().default(''),
  phone: text('phone').notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A long-term-care facility served by one pharmacy. */
export const facilities = pgTable(
  'facilities',
  {
    facId: integer('fac_id').primaryKey(),
    name: text('name').notNull(),
    pharmId: text('pharm_id')
      .notNull()
      .references(() => pharmacies.pharmId),
    state: text('state').notNull(),
    street1: text('street1').notNull().default(''),
    city: text('city').notNull().default(''),
    zip: text('zip').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('facilities_pharm_idx').on(t.pharmId)],
);

/** What a facility allows (action keys, read marking, administration, files): one row per granted key. */
export const facilityPermissions = pgTable(
  'facility_permissions',
  {
    facId: integer('fac_id')
      .notNull()
      .references(() => facilities.facId, { onDelete: 'cascade' }),
    key: text('key').notNull(),
  },
  (t) => [primaryKey({ columns: [t.facId, t.key] })],
);

/** What a pharmacy allows (pharmPermissions): one row per granted key. */
export const pharmacyPermissions = pgTable(
  'pharmacy_permissions',
  {
    pharmId: text('pharm_id')
      .notNull()
      .references(() => pharmacies.pharmId, { onDelete: 'cascade' }),
    key: text('key').notNull(),
  },
  (t) => [primaryKey({ columns: [t.pharmId, t.key] })],
);

/** The role catalogue of each side, with whether it is offered in pickers. */
export const roles = pgTable(
  'roles',
  {
    entity: text('entity', { enum: ['facility', 'pharmacy'] }).notNull(),
    name: text('name').notNull(),
    label: text('label').notNull(),
    disabled: boolean('disabled').notNull().default(false),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.entity, t.name] })],
);

/** What a role grants. A user's permissions at a facility are the facility's keys that the role grants too. */
export const rolePermissions = pgTable(
  'role_permissions',
  {
    entity: text('entity', { enum: ['facility', 'pharmacy'] }).notNull(),
    role: text('role').notNull(),
    key: text('key').notNull(),
  },
  (t) => [primaryKey({ columns: [t.entity, t.role, t.key] })],
);

/** A person who signs in. Deleted users keep their row (soft delete) so past thread entries keep a name. */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    displayName: text('display_name').notNull(),
    phone: text('phone').notNull().default(''),
    title: text('title').notNull().default(''),
    userType: text('user_type', { enum: ['FacilityUser', 'PharmacyUser', 'SuperAdmin'] }).notNull(),
    passwordHash: text('password_hash').notNull(),
    /** When the owner proved the email is theirs; null only for a self-registered account not yet confirmed. */
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true }).defaultNow(),
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    betaUser: boolean('beta_user').notNull().default(false),
    settings: jsonb('settings').$type<Record<string, string | number | boolean>>().notNull().default({}),
    mediprocityUser: text('mediprocity_user'),
    /** AES-256-GCM sealed `{ password, encryptionKey }`; never sent to a client. */
    mediprocitySecret: bytea('mediprocity_secret'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('users_email_live_idx').on(sql`lower(${t.email})`).where(sql`${t.deletedAt} is null`)],
);

/** A facility user's role at a facility. */
export const facilityMemberships = pgTable(
  'facility_memberships',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    facId: integer('fac_id')
      .notNull()
      .references(() => facilities.facId, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.facId] }), index('facility_memberships_fac_idx').on(t.facId)],
);

/** A pharmacy user's role at a pharmacy. */
export const pharmacyMemberships = pgTable(
  'pharmacy_memberships',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    pharmId: text('pharm_id')
      .notNull()
      .references(() => pharmacies.pharmId, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.pharmId] }),
    index('pharmacy_memberships_pharm_idx').on(t.pharmId),
  ],
);

/** A signed-in session. Only the SHA-256 of the bearer token is kept. */
export const sessions = pgTable(
  'sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tokenHash: text('token_hash').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** Absolute end: created_at plus SESSION_MAX_HOURS. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
  },
  (t) => [uniqueIndex('sessions_token_idx').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

/**
 * When an emailed link closed or closes: its use (spent or voided), or its expiry if that came first (least()
 * skips a null use). The closed-links sweep deletes by it, each link table indexing it (`*_closed_idx`).
 */
export const linkClosedAt = (t: { usedAt: PgColumn; expiresAt: PgColumn }): SQL =>
  sql`least(${t.usedAt}, ${t.expiresAt})`;

/** Single-use password reset links; only the hash of the token is kept. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('password_reset_tokens_hash_idx').on(t.tokenHash),
    index('password_reset_tokens_closed_idx').on(linkClosedAt(t)),
    // One user's links: revoking them, the cascade of deleting the user.
    index('password_reset_tokens_user_idx').on(t.userId),
  ],
);

/**
 * Single-use links that confirm a self-registered account's email; only the hash of the token is kept. Each link
 * belongs to the registration that mailed it: it carries that registration's password hash and name, which the
 * account takes when the link confirms it with that password (so a registration by someone else cannot set the
 * password of the account the mailbox's owner confirms). A spent or voided link's password hash is emptied.
 */
export const emailConfirmationTokens = pgTable(
  'email_confirmation_tokens',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    /** The argon2id hash of the password chosen at this link's registration; '' once the link is spent or void. */
    passwordHash: text('password_hash').notNull(),
    /** The name given at this link's registration. */
    displayName: text('display_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('email_confirmation_tokens_hash_idx').on(t.tokenHash),
    index('email_confirmation_tokens_closed_idx').on(linkClosedAt(t)),
    // One user's links: revoking them, the cascade of deleting the user, and sign-in's check of open registrations.
    index('email_confirmation_tokens_user_idx').on(t.userId),
  ],
);

/** Sign-in attempts, for throttling per account and per address (kept in the database, not in memory). */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    account: text('account').notNull(),
    ip: text('ip').notNull(),
    succeeded: boolean('succeeded').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('login_attempts_account_idx').on(t.account, t.at),
    index('login_attempts_ip_idx').on(t.ip, t.at),
    // The retention's delete (`login-attempts-retention`: older than a day).
    index('login_attempts_at_idx').on(t.at),
  ],
);

/** One-time sign-in tokens already exchanged (by their `jti`), so each works once. */
export const usedLoginTokens = pgTable('used_login_tokens', {
  jti: text('jti').primaryKey(),
  usedAt: timestamp('used_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** A pharmacy system's API key for ingest; only a hash and the last four characters are kept. */
export const pharmacyApiKeys = pgTable(
  'pharmacy_api_keys',
  {
    id: serial('id').primaryKey(),
    pharmId: text('pharm_id')
      .notNull()
      .references(() => pharmacies.pharmId, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    keyHash: text('key_hash').notNull(),
    last4: text('last4').notNull(),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('pharmacy_api_keys_hash_idx').on(t.keyHash)],
);
