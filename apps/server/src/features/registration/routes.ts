import {
  ApiErrorBodySchema,
  CONFIRM_LINK_HOURS,
  ConfirmEmailInputSchema,
  ENDPOINTS,
  MessageAnswerSchema,
  PasswordResetRequestSchema,
  REGISTRATION_MESSAGES,
  RESET_LINK_MINUTES,
  registerInputSchema,
  resetPasswordInputSchema,
} from '@portal/domain';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { type AuditEntry, recordAudit } from '../../platform/audit.ts';
import { badRequest } from '../../platform/errors.ts';
import { HOUR_MS } from '../../platform/hours.ts';
import { enqueueMail } from '../../platform/mail.ts';
import { hashPassword, verifyPassword } from '../../platform/passwords.ts';
import { revokeUserSessions } from '../../platform/sessions.ts';
import { findUserByEmail } from '../auth/queries.ts';
import { assertNotThrottled, recordAttempt } from '../auth/throttle.ts';
import {
  findOpenConfirmation,
  issueLinkToken,
  revokeLinkTokens,
  SIGN_IN_CHECKED_REGISTRATIONS,
  spendOpenLink,
  sweepClosedLinks,
} from './link-tokens.ts';
import { alreadyRegisteredMail, confirmationMail, linkUrl, resetMail } from './mails.ts';
import { assertMailRequestAllowed } from './throttle.ts';

// The web pages the emailed links open (spec 2, route table).
const PAGES = { confirm: '/confirm', resetPassword: '/reset-password', forgetPassword: '/forget-password' };
const refusals = { 400: ApiErrorBodySchema, 429: ApiErrorBodySchema };

/**
 * Takes the account's row for the rest of the transaction, so one confirmation or reset of an account runs at a
 * time: another waits here, then finds its own link void (spending a link voids the account's other links). Always
 * the account's row before any link's, so a confirmation and a reset cannot wait on each other. Answers the
 * account's confirmation time (null while unconfirmed), or null for no account.
 */
async function lockAccount(tx: Db, id: number): Promise<{ emailConfirmedAt: Date | null } | null> {
  const [account] = await tx
    .select({ emailConfirmedAt: users.emailConfirmedAt })
    .from(users)
    .where(eq(users.id, id))
    .for('update');
  return account ?? null;
}

/**
 * Self-registration with email confirmation, and password reset by emailed link (spec 2 sections 2, 4, 7; issue
 * 5). Every call is public, answers the same whether or not the email has an account, and is audited.
 */
export async function registrationRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const min = app.config.passwordMinLength;
  const link = (page: string, email: string, token: string) =>
    linkUrl(app.config.publicUrl, page, email, token);
  const audit = (
    db: Db,
    request: FastifyRequest,
    entry: Pick<AuditEntry, 'userId' | 'actor' | 'kind' | 'outcome' | 'detail'>,
  ) =>
    recordAudit(db, {
      ...entry,
      recordType: 'user',
      recordId: entry.userId === null ? '' : String(entry.userId),
      ip: request.ip,
    });
  // Closed links' rows (and a confirmation link's registration) go a day after; not audited, like the retention of
  // alert events: the audit trail already holds each link's registration, use and refusals.
  app.jobs.add('closed-links', async (tx, now) => {
    const removed = await sweepClosedLinks(tx, now);
    if (removed > 0) app.log.info({ removed }, 'removed closed link rows');
  });

  app.post(
    ENDPOINTS.register,
    {
      schema: {
        tags: ['auth'],
        summary: 'Register an account (confirmed by an emailed link)',
        description:
          'Creates a FacilityUser with no facility or pharmacy (an administrator grants one later) and mails a ' +
          `single-use confirmation link (${CONFIRM_LINK_HOURS} h) to /confirm?email=&token=. The answer is the ` +
          'same whether or not the email already has an account; its owner is told by mail instead. Each link ' +
          "belongs to the registration that mailed it and confirms the account only with that registration's " +
          'password (see `POST /users/confirm`): registering again before confirming changes nothing on the ' +
          'account and voids no earlier link, it mails another link that goes with the new name and password. ' +
          'Sign-in is refused until the email is confirmed: 403 EMAIL_NOT_CONFIRMED for the password of the ' +
          `account or of one of its ${SIGN_IN_CHECKED_REGISTRATIONS} newest open registrations (older ones are ` +
          'not compared, so sign-in costs the same however often the address was registered), 401 for any other. ' +
          'Throttled like sign-in.',
        security: [],
        body: registerInputSchema(min),
        response: { 200: MessageAnswerSchema, ...refusals },
      },
    },
    async (request) => {
      const { fullname, email, password } = request.body;
      if (email.endsWith(`@${app.config.pharmacyEmailDomain.toLowerCase()}`))
        throw badRequest(REGISTRATION_MESSAGES.pharmacyDomain, {
          email: REGISTRATION_MESSAGES.pharmacyDomain,
        });
      await assertMailRequestAllowed(app.db, 'register', email, request.ip);
      // Hashed whether or not the account exists, so both answers take the same time.
      const passwordHash = await hashPassword(password);
      await app.db.transaction(async (tx) => {
        const [created] = await tx
          .insert(users)
          .values({
            email,
            displayName: fullname,
            userType: 'FacilityUser',
            passwordHash,
            emailConfirmedAt: null,
          })
          .onConflictDoNothing()
          .returning({ id: users.id });
        const existing = created ? null : await findUserByEmail(tx, email);
        const user = created ?? existing;
        if (!user) return;
        if (existing?.emailConfirmedAt) {
          await enqueueMail(
            tx,
            alreadyRegisteredMail(email, `${app.config.publicUrl}${PAGES.forgetPassword}`),
          );
          await audit(tx, request, {
            userId: existing.id,
            actor: email,
            kind: 'auth.register',
            outcome: 'failure',
            detail: { reason: 'exists' },
          });
          return;
        }
        // The link goes with this registration: confirmed with this password, it gives the account this password
        // and name. Registered again before confirming, the account and the earlier links stay as they are (until
        // a link confirms it, the account's own password opens nothing: sign-in waits for the confirmation).
        // Anyone can register any address, but only the mailbox's owner reads the links, so a registration by
        // someone else cannot set the password the owner confirms. When a later registration replaced the
        // password and voided the earlier links, whoever registered right after the owner held the account the
        // owner then confirmed with the newest link.
        const { token, tokenHash } = await issueLinkToken(
          tx,
          { kind: 'confirm', registration: { passwordHash, displayName: fullname } },
          user.id,
          CONFIRM_LINK_HOURS * HOUR_MS,
        );
        await enqueueMail(tx, confirmationMail(email, link(PAGES.confirm, email, token), tokenHash));
        await audit(tx, request, {
          userId: user.id,
          actor: email,
          kind: 'auth.register',
          outcome: 'success',
          detail: created ? {} : { resent: true },
        });
      });
      return { message: REGISTRATION_MESSAGES.registered };
    },
  );

  app.post(
    ENDPOINTS.confirmEmail,
    {
      schema: {
        tags: ['auth'],
        summary: "Confirm a registered account's email with the emailed link and the registration's password",
        description:
          'Confirms the email with a link and the password chosen at the registration that mailed that link; the ' +
          "account then takes that registration's password and name, and every other link of the account stops " +
          'working. Each link works once and expires; a wrong, used or expired link (or one of an account already ' +
          'confirmed) answers 400. A wrong password answers 400 with `fields.password` and leaves the link ' +
          'open for another try; wrong passwords count with failed sign-ins of the account and the address (5 per ' +
          'account, 20 per address in 15 minutes), past which the answer is 429 with Retry-After; its message says ' +
          'that a password reset (`POST /users/password-reset`), which that budget does not hold back, also ' +
          'confirms the account.',
        security: [],
        body: ConfirmEmailInputSchema,
        response: { 200: MessageAnswerSchema, ...refusals },
      },
    },
    async (request) => {
      const { email, token, password } = request.body;
      const failure = (db: Db, userId: number | null, reason: string) =>
        audit(db, request, {
          userId,
          actor: email,
          kind: 'auth.confirm',
          outcome: 'failure',
          detail: { reason },
        });
      const user = await findUserByEmail(app.db, email);
      try {
        // The sign-in throttle: a link's password is guessed no more often than the account's. Its refusal names
        // confirmation attempts, what the person here did.
        await assertNotThrottled(app.db, email, request.ip, { attempts: 'confirmation' });
      } catch (error) {
        await failure(app.db, user?.id ?? null, 'throttled');
        throw error;
      }
      // Looked up whether or not the account exists, so a wrong link answers in the same time either way.
      const link = await findOpenConfirmation(app.db, user?.id ?? 0, token);
      const refuseLink = async () => {
        await failure(app.db, null, 'invalidLink');
        return badRequest(REGISTRATION_MESSAGES.confirmInvalid);
      };
      if (!user || user.emailConfirmedAt || !link) throw await refuseLink();
      if (!(await verifyPassword(link.passwordHash, password))) {
        // The link stays open: its owner may have mistyped, or opened the mail of another registration.
        await app.db.transaction(async (tx) => {
          await recordAttempt(tx, email, request.ip, false);
          await failure(tx, user.id, 'wrongPassword');
        });
        throw badRequest(REGISTRATION_MESSAGES.confirmWrongPassword, {
          password: REGISTRATION_MESSAGES.confirmWrongPassword,
        });
      }
      const isConfirmed = await app.db.transaction(async (tx) => {
        // One confirmation of an account at a time: another link confirmed at the same moment waits here, then
        // finds the account confirmed and its own link void.
        const account = await lockAccount(tx, user.id);
        if (!account || account.emailConfirmedAt) return false;
        if (!(await spendOpenLink(tx, 'confirm', user.id, { id: link.id }))) return false;
        await tx
          .update(users)
          .set({
            passwordHash: link.passwordHash,
            displayName: link.displayName,
            emailConfirmedAt: sql`now()`,
            updatedAt: new Date(),
          })
          .where(eq(users.id, user.id));
        await audit(tx, request, {
          userId: user.id,
          actor: user.email,
          kind: 'auth.confirm',
          outcome: 'success',
        });
        return true;
      });
      if (!isConfirmed) throw await refuseLink();
      return { message: REGISTRATION_MESSAGES.confirmed };
    },
  );

  app.post(
    ENDPOINTS.passwordReset,
    {
      schema: {
        tags: ['auth'],
        summary: 'Email a password reset link',
        description:
          `Mails a single-use link that works for ${RESET_LINK_MINUTES} minutes to /reset-password?email=&token=. ` +
          'The answer is the same whether or not the email has an account. Throttled like sign-in.',
        security: [],
        body: PasswordResetRequestSchema,
        response: { 200: MessageAnswerSchema, ...refusals },
      },
    },
    async (request) => {
      const email = request.body.username;
      await assertMailRequestAllowed(app.db, 'password-reset', email, request.ip);
      await app.db.transaction(async (tx) => {
        const user = await findUserByEmail(tx, email);
        if (!user) {
          await audit(tx, request, {
            userId: null,
            actor: email,
            kind: 'password.resetRequest',
            outcome: 'failure',
          });
          return;
        }
        const { token, tokenHash } = await issueLinkToken(
          tx,
          { kind: 'reset' },
          user.id,
          RESET_LINK_MINUTES * 60_000,
        );
        await enqueueMail(tx, resetMail(user.email, link(PAGES.resetPassword, user.email, token), tokenHash));
        await audit(tx, request, {
          userId: user.id,
          actor: user.email,
          kind: 'password.resetRequest',
          outcome: 'success',
        });
      });
      return { message: REGISTRATION_MESSAGES.resetRequested };
    },
  );

  app.post(
    ENDPOINTS.resetPassword,
    {
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with a reset link',
        description:
          'Consumes the link (once; a wrong, used or expired link answers 400), sets the new password, clears ' +
          'any pending forced change, confirms the email (every open confirmation link stops working) and signs ' +
          'the user out everywhere.',
        security: [],
        body: resetPasswordInputSchema(min),
        response: { 200: MessageAnswerSchema, ...refusals },
      },
    },
    async (request) => {
      const { email, token, password } = request.body;
      const user = await findUserByEmail(app.db, email);
      const passwordHash = await hashPassword(password);
      const isReset = await app.db.transaction(async (tx) => {
        if (!user) return false;
        // One reset of an account at a time: spending a link voids the account's other links, so two links used at
        // once each waited for the other's row (a deadlock, answered 500). The account's row first, as a
        // confirmation takes it, so the second waits here and then finds its own link void.
        await lockAccount(tx, user.id);
        if (!(await spendOpenLink(tx, 'reset', user.id, { token }))) return false;
        await tx
          .update(users)
          .set({
            passwordHash,
            mustChangePassword: false,
            emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, now())`,
            updatedAt: new Date(),
          })
          .where(eq(users.id, user.id));
        // The email is proven and the password set: no confirmation link (of any registration) sets another. After
        // the account's row, as a confirmation locks them, so the two cannot wait on each other.
        await revokeLinkTokens(tx, 'confirm', user.id);
        await revokeUserSessions(tx, user.id);
        await audit(tx, request, {
          userId: user.id,
          actor: user.email,
          kind: 'password.reset',
          outcome: 'success',
        });
        return true;
      });
      if (!isReset) {
        await audit(app.db, request, {
          userId: null,
          actor: email,
          kind: 'password.reset',
          outcome: 'failure',
        });
        throw badRequest(REGISTRATION_MESSAGES.resetInvalid, { token: REGISTRATION_MESSAGES.resetInvalid });
      }
      return { message: REGISTRATION_MESSAGES.resetDone };
    },
  );
}
