import { randomUUID } from 'node:crypto';
import { CONFIRM_LINK_HOURS, RESET_LINK_MINUTES } from '@portal/domain';
import { LINK_TOKEN_PARAM, type OutgoingMail } from '../../platform/mail.ts';
import type { LinkKind } from './link-tokens.ts';

/**
 * The link of an emailed token: `${PUBLIC_URL}${page}?email=&token=`. The outbox scrubs the token (named by
 * LINK_TOKEN_PARAM) from a mail once it is sent, and from a kept mail when the link sweep deletes its link.
 */
export function linkUrl(publicUrl: string, page: string, email: string, token: string): string {
  const params = new URLSearchParams({ email, [LINK_TOKEN_PARAM]: token });
  return `${publicUrl}${page}?${params.toString()}`;
}

/** The dedupe key of a link's mail is this prefix and the link's token hash, so the link sweep finds the mail. */
export const LINK_MAIL_KEY_PREFIX: Record<LinkKind, string> = {
  confirm: 'confirm:',
  reset: 'password-reset:',
};

/** The confirmation mail of a new registration. */
export function confirmationMail(to: string, link: string, tokenHash: string): OutgoingMail {
  return {
    dedupeKey: `${LINK_MAIL_KEY_PREFIX.confirm}${tokenHash}`,
    kind: 'account.confirm',
    to,
    subject: 'Confirm your Care Portal account',
    text:
      `Welcome to the Care Portal.\n\nConfirm your email address with this link and the password you chose when ` +
      `you registered (the link works once, for ${CONFIRM_LINK_HOURS} hours):\n${link}\n\n` +
      'An administrator will then give you access to your facility.\n' +
      'If you registered more than once, the link in each message goes with the password chosen that time.\n' +
      'If you did not register, ignore this message.',
  };
}

/**
 * Sent instead of a confirmation when someone registers an email that already has an account. Every such
 * registration mails once (the registration throttle limits how often): the dedupe key is a fresh random id, not
 * the request id, which a client may choose (`X-Request-Id`) to merge registrations into one mail or none.
 */
export function alreadyRegisteredMail(to: string, resetPage: string): OutgoingMail {
  return {
    dedupeKey: `already-registered:${randomUUID()}`,
    kind: 'account.already-registered',
    to,
    subject: 'Your Care Portal account',
    text:
      'Someone asked to register a Care Portal account with this email address, which already has one.\n' +
      `If it was you and you forgot your password, request a new one here: ${resetPage}\n` +
      'Otherwise ignore this message.',
  };
}

/** The password reset link. */
export function resetMail(to: string, link: string, tokenHash: string): OutgoingMail {
  return {
    dedupeKey: `${LINK_MAIL_KEY_PREFIX.reset}${tokenHash}`,
    kind: 'password.reset',
    to,
    subject: 'Reset your Care Portal password',
    text:
      `Choose a new Care Portal password with this link (it works once, for ${RESET_LINK_MINUTES} minutes):\n` +
      `${link}\n\nIf you did not ask for it, ignore this message: your password stays as it is.`,
  };
}
