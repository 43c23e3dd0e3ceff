import {
  ApiErrorBodySchema,
  ENDPOINTS,
  ERROR_CODES,
  isMfaAdmin,
  MESSAGES,
  MessageAnswerSchema,
  MFA_MESSAGES,
  MfaEnrolConfirmInputSchema,
  MfaEnrolStartAnswerSchema,
  MfaProofInputSchema,
  MfaRecoveryCodesAnswerSchema,
  MfaStatusSchema,
  USER_ADMIN_MESSAGES,
} from '@portal/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { recordAudit } from '../../platform/audit.ts';
import { currentUser, requireUser } from '../../platform/auth.ts';
import type { AuthUser } from '../../platform/context.ts';
import { badRequest, conflict, forbidden, HttpError, unauthorized } from '../../platform/errors.ts';
import { verifyPassword } from '../../platform/passwords.ts';
import { deleteMfa, enableMfa, findMfa, replaceRecoveryCodes, savePendingSecret } from './mfa-queries.ts';
import { findLiveUserById, findUserInfo } from './queries.ts';
import { proveSecondFactor } from './second-factor.ts';
import { assertNotThrottled, recordAttempt } from './throttle.ts';
import { enrolmentCodes, matchTotp, newRecoveryCodes, newTotpSecret } from './totp.ts';

const errors = {
  400: ApiErrorBodySchema,
  401: ApiErrorBodySchema,
  403: ApiErrorBodySchema,
  409: ApiErrorBodySchema,
  429: ApiErrorBodySchema,
};

/**
 * onRequest hook: a session, and no administrator-set password still to replace. Unlike `requireActiveUser` it lets
 * through a user whom MFA_REQUIRED_FOR_ADMINS holds back: setting up two-step sign-in is what they must do.
 */
async function requireUserMayEnrol(request: FastifyRequest): Promise<void> {
  await requireUser(request);
  if (currentUser(request).mustChangePassword)
    throw new HttpError(403, ERROR_CODES.mustChangePassword, MESSAGES.passwordChangeRequired);
}

/** The caller's own two-step sign-in under Settings: status, set-up, turning off, new recovery codes (issue 7). */
export async function mfaRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  /** A wrong password or code: counted like a failed sign-in (same throttle), audited, and a 400 on its field. */
  async function refuse(
    request: FastifyRequest,
    me: AuthUser,
    kind: string,
    field: 'code' | 'currentPassword',
    message: string,
  ) {
    await app.db.transaction(async (tx) => {
      await recordAttempt(tx, me.email.toLowerCase(), request.ip, false);
      await recordAudit(tx, {
        userId: me.id,
        actor: me.email,
        kind,
        ip: request.ip,
        outcome: 'failure',
        recordType: 'user',
        recordId: String(me.id),
        detail: { field },
      });
    });
    throw badRequest(message, { [field]: message });
  }

  /** Throttle first, then the current password: every settings change here needs it. */
  async function checkPassword(request: FastifyRequest, me: AuthUser, kind: string, password: string) {
    await assertNotThrottled(app.db, me.email.toLowerCase(), request.ip);
    const user = await findLiveUserById(app.db, me.id);
    if (!user) throw unauthorized();
    if (!(await verifyPassword(user.passwordHash, password)))
      await refuse(request, me, kind, 'currentPassword', USER_ADMIN_MESSAGES.currentPasswordWrong);
  }

  /** Password and a code (or a recovery code) of an enabled two-step sign-in; the code is used up. */
  async function checkProof(
    request: FastifyRequest,
    me: AuthUser,
    kind: string,
    input: { code: string; currentPassword: string },
  ) {
    const mfa = await findMfa(app.db, app.secretKey, me.id);
    if (!mfa?.enabledAt) throw conflict(MFA_MESSAGES.notEnabled);
    await checkPassword(request, me, kind, input.currentPassword);
    const proof = await proveSecondFactor(app.db, me.id, mfa.secret, input.code);
    if (!proof.isProven) await refuse(request, me, kind, 'code', proof.message);
    return { method: proof.method, recoveryCodesLeft: mfa.recoveryCodesLeft };
  }

  async function isRequiredFor(userId: number) {
    if (!app.config.mfaRequiredForAdmins) return false;
    const info = await findUserInfo(app.db, userId, true);
    return info !== null && isMfaAdmin(info);
  }

  const audit = (request: FastifyRequest, me: AuthUser, kind: string, detail?: Record<string, unknown>) => ({
    userId: me.id,
    actor: me.email,
    kind,
    ip: request.ip,
    outcome: 'success' as const,
    recordType: 'user',
    recordId: String(me.id),
    ...(detail ? { detail } : {}),
  });

  app.get(
    ENDPOINTS.mfa,
    {
      onRequest: requireUserMayEnrol,
      schema: {
        tags: ['mfa'],
        summary: 'Your two-step sign-in status',
        response: { 200: MfaStatusSchema, 401: ApiErrorBodySchema, 403: ApiErrorBodySchema },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const mfa = await findMfa(app.db, app.secretKey, me.id);
      const isOn = mfa?.enabledAt != null;
      return {
        enabled: isOn,
        enabledAt: mfa?.enabledAt ? mfa.enabledAt.toISOString() : null,
        recoveryCodesLeft: isOn ? (mfa?.recoveryCodesLeft ?? 0) : 0,
        isRequired: await isRequiredFor(me.id),
      };
    },
  );

  app.post(
    ENDPOINTS.mfaEnrol,
    {
      onRequest: requireUserMayEnrol,
      schema: {
        tags: ['mfa'],
        summary: 'Start setting up two-step sign-in: a new secret, its otpauth URI and QR code',
        description:
          'The secret is pending until `POST /mfa/enrol/confirm` proves it with a code; starting again replaces a ' +
          'pending secret. 409 while two-step sign-in is already on.',
        response: { 200: MfaEnrolStartAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const existing = await findMfa(app.db, app.secretKey, me.id);
      if (existing?.enabledAt) throw conflict(MFA_MESSAGES.alreadyEnabled);
      const secret = newTotpSecret();
      await savePendingSecret(app.db, app.secretKey, me.id, secret);
      return { secret, ...(await enrolmentCodes(secret, me.email)) };
    },
  );

  app.post(
    ENDPOINTS.mfaEnrolConfirm,
    {
      onRequest: requireUserMayEnrol,
      schema: {
        tags: ['mfa'],
        summary: 'Finish the set-up with a current code and your password; answers the recovery codes once',
        body: MfaEnrolConfirmInputSchema,
        response: { 200: MfaRecoveryCodesAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const mfa = await findMfa(app.db, app.secretKey, me.id);
      if (mfa?.enabledAt) throw conflict(MFA_MESSAGES.alreadyEnabled);
      if (!mfa) throw badRequest(MFA_MESSAGES.notStarted);
      await checkPassword(request, me, 'mfa.enrol', request.body.currentPassword);
      const step = matchTotp(mfa.secret, request.body.code);
      if (step === null) return refuse(request, me, 'mfa.enrol', 'code', MFA_MESSAGES.codeWrong);
      const { codes, hashes } = newRecoveryCodes();
      await app.db.transaction(async (tx) => {
        if (!(await enableMfa(tx, me.id, step, hashes))) throw conflict(MFA_MESSAGES.alreadyEnabled);
        await recordAudit(tx, audit(request, me, 'mfa.enrol'));
      });
      return { message: MFA_MESSAGES.enrolled, recoveryCodes: codes };
    },
  );

  app.post(
    ENDPOINTS.mfaDisable,
    {
      onRequest: requireUserMayEnrol,
      schema: {
        tags: ['mfa'],
        summary: 'Turn two-step sign-in off (password and a code or a recovery code)',
        description:
          '403 when MFA_REQUIRED_FOR_ADMINS covers your role. Wrong answers count like failed sign-ins.',
        body: MfaProofInputSchema,
        response: { 200: MessageAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const me = currentUser(request);
      if (await isRequiredFor(me.id)) throw forbidden(MFA_MESSAGES.requiredForRole);
      const proof = await checkProof(request, me, 'mfa.disable', request.body);
      await app.db.transaction(async (tx) => {
        await deleteMfa(tx, me.id);
        await recordAudit(tx, audit(request, me, 'mfa.disable', { method: proof.method }));
      });
      return { message: MFA_MESSAGES.disabled };
    },
  );

  app.post(
    ENDPOINTS.mfaRecoveryCodes,
    {
      onRequest: requireUserMayEnrol,
      schema: {
        tags: ['mfa'],
        summary: 'Replace every recovery code with new ones (password and a code or a recovery code)',
        body: MfaProofInputSchema,
        response: { 200: MfaRecoveryCodesAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const proof = await checkProof(request, me, 'mfa.recovery-regenerate', request.body);
      const { codes, hashes } = newRecoveryCodes();
      await app.db.transaction(async (tx) => {
        await replaceRecoveryCodes(tx, me.id, hashes);
        if (proof.method === 'recovery')
          await recordAudit(
            tx,
            audit(request, me, 'mfa.recovery-used', { recoveryCodesLeft: proof.recoveryCodesLeft - 1 }),
          );
        await recordAudit(tx, audit(request, me, 'mfa.recovery-regenerate', { method: proof.method }));
      });
      return { message: MFA_MESSAGES.regenerated, recoveryCodes: codes };
    },
  );
}
