import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { emailConfirmationTokens, linkClosedAt, passwordResetTokens } from '../../db/schema/index.ts';
import { hoursBefore } from '../../platform/hours.ts';
import { scrubLinkTokens } from '../../platform/mail.ts';
import { verifyPassword } from '../../platform/passwords.ts';
import { hashToken, newToken } from '../../platform/tokens.ts';
import { LINK_MAIL_KEY_PREFIX } from './mails.ts';

/**
 * The two kinds of single-use emailed link, each its own table: `confirm` (emailConfirmationTokens), which also
 * carries its registration (the password hash and name the account takes when that link confirms it), and `reset`
 * (passwordResetTokens).
 */
export type LinkKind = 'confirm' | 'reset';

const TABLES = { confirm: emailConfirmationTokens, reset: passwordResetTokens } as const;
type LinkTable = (typeof TABLES)[LinkKind];

/** What one registration asked for: the name and the password (as its hash) that its confirmation link sets. */
export interface Registration {
  passwordHash: string;
  displayName: string;
}

/**
 * How long a link's row is kept once the link is closed (expired, spent or voided): a day, then the link sweep
 * deletes it, and with it a confirmation link's registration (password hash and name). Until then the row still
 * shows whether a refused link had been used or had expired; an open link is never swept.
 */
export const CLOSED_LINK_KEEP_HOURS = 24;

/** A link still usable at `now`: not spent or voided, not expired. */
const isOpen = (t: LinkTable, now: Date) => and(isNull(t.usedAt), gt(t.expiresAt, now));

/** What closes a link: its use time, and for a confirmation link the emptying of its registration's password hash. */
const closing = (kind: LinkKind, now: Date) =>
  kind === 'confirm' ? { usedAt: now, passwordHash: '' } : { usedAt: now };

/**
 * Issues a link token for the user, valid for `lifetimeMs`; answers the token (the only time it exists in clear).
 * A confirmation link is issued for one registration, whose password and name it keeps.
 */
export async function issueLinkToken(
  db: Db,
  link: { kind: 'reset' } | { kind: 'confirm'; registration: Registration },
  userId: number,
  lifetimeMs: number,
  now = new Date(),
): Promise<{ token: string; tokenHash: string }> {
  const token = newToken();
  const tokenHash = hashToken(token);
  const values = { userId, tokenHash, createdAt: now, expiresAt: new Date(now.getTime() + lifetimeMs) };
  if (link.kind === 'confirm')
    await db.insert(emailConfirmationTokens).values({ ...values, ...link.registration });
  else await db.insert(passwordResetTokens).values(values);
  return { token, tokenHash };
}

/**
 * The open (unused, unexpired) confirmation link of this user with this token, with its registration; null when
 * there is none. Only reads: a wrong password leaves the link open for its owner to try again.
 */
export async function findOpenConfirmation(
  db: Db,
  userId: number,
  token: string,
  now = new Date(),
): Promise<({ id: number } & Registration) | null> {
  const t = emailConfirmationTokens;
  const [row] = await db
    .select({ id: t.id, passwordHash: t.passwordHash, displayName: t.displayName })
    .from(t)
    .where(and(eq(t.tokenHash, hashToken(token)), eq(t.userId, userId), isOpen(t, now)))
    .limit(1);
  return row ?? null;
}

/**
 * How many of an unconfirmed account's open registrations, the newest, sign-in compares a password with. Anyone may
 * register an address again (5 times in 15 minutes, each link open CONFIRM_LINK_HOURS), so an account can gather
 * hundreds of open links; each comparison is an argon2 run, and without a bound every sign-in attempt against such
 * an account would cost that many. Older links still confirm: only the hint at sign-in leaves them out.
 */
export const SIGN_IN_CHECKED_REGISTRATIONS = 3;

/**
 * Whether `password` is the password of one of the user's newest open registrations (an open confirmation link's,
 * at most SIGN_IN_CHECKED_REGISTRATIONS of them), which the account takes only when that link confirms it. Lets
 * sign-in tell someone who registered again with a new password, before confirming, that the account waits for its
 * confirmation rather than that the password is wrong.
 */
export async function isOpenRegistrationPassword(
  db: Db,
  userId: number,
  password: string,
  now = new Date(),
): Promise<boolean> {
  const t = emailConfirmationTokens;
  const open = await db
    .select({ passwordHash: t.passwordHash })
    .from(t)
    .where(and(eq(t.userId, userId), isOpen(t, now)))
    .orderBy(desc(t.id))
    .limit(SIGN_IN_CHECKED_REGISTRATIONS);
  for (const { passwordHash } of open) {
    if (await verifyPassword(passwordHash, password)) return true;
  }
  return false;
}

/**
 * Spends an open link of this user once, named by its row `id` (a confirmation link, found by
 * `findOpenConfirmation` and its password checked) or by its `token` (a reset link), and voids every other open
 * link of that kind of theirs; answers false when the link was not (or no longer) open. The update is the check, so
 * two requests racing with one link cannot both succeed.
 */
export async function spendOpenLink(
  db: Db,
  kind: LinkKind,
  userId: number,
  link: { id: number } | { token: string },
  now = new Date(),
): Promise<boolean> {
  const t: LinkTable = TABLES[kind];
  const which = 'id' in link ? eq(t.id, link.id) : eq(t.tokenHash, hashToken(link.token));
  const spent = await db
    .update(t)
    .set(closing(kind, now))
    .where(and(which, eq(t.userId, userId), isOpen(t, now)))
    .returning({ id: t.id });
  if (spent.length !== 1) return false;
  await revokeLinkTokens(db, kind, userId, now);
  return true;
}

/**
 * Marks every open link token of this kind for the user used, so none of the links already mailed works (a
 * confirmation link's password hash is emptied too).
 */
export async function revokeLinkTokens(
  db: Db,
  kind: LinkKind,
  userId: number,
  now = new Date(),
): Promise<void> {
  const t: LinkTable = TABLES[kind];
  await db
    .update(t)
    .set(closing(kind, now))
    .where(and(eq(t.userId, userId), isNull(t.usedAt)));
}

/** The links closed before `before` (spent or voided then, or expired then); their tables index this. */
const closedBefore = (t: LinkTable, before: Date) => lt(linkClosedAt(t), before);

/**
 * The link sweep: deletes the rows of confirmation and reset links closed more than CLOSED_LINK_KEEP_HOURS before
 * `now`, so no registration's password hash or name outlives its link by more than that, and first scrubs the
 * token out of their mails still in the outbox (a kept mail: a sent one was scrubbed when it went). An open link
 * is never among them: it is unspent and expires after `now`, so its kept mail stays readable. One UPDATE and one
 * DELETE a table, so it is safe with several server processes (the scheduler runs it in one of them at a time
 * anyway). Answers how many link rows went.
 */
export async function sweepClosedLinks(db: Db, now: Date): Promise<number> {
  const before = hoursBefore(now, CLOSED_LINK_KEEP_HOURS);
  let removed = 0;
  for (const [kind, t] of Object.entries(TABLES) as [LinkKind, LinkTable][]) {
    await scrubLinkTokens(
      db,
      db
        .select({ key: sql<string>`${LINK_MAIL_KEY_PREFIX[kind]}::text || ${t.tokenHash}` })
        .from(t)
        .where(closedBefore(t, before)),
    );
    const gone = await db.delete(t).where(closedBefore(t, before)).returning({ id: t.id });
    removed += gone.length;
  }
  return removed;
}
