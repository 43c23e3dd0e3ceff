import { CONFIRM_LINK_HOURS, RESET_LINK_MINUTES } from '@portal/domain';
import type { OutgoingMail } from '../../platform/mail.ts';

/** The link of an emailed token: `${PUBLIC_URL}${page}?email=&token=`. */
export function linkUrl(publicUrl: string, page: string, email: string, token: string): string {
  const params = new URLSearchParams({ email, token });
  return `${publicUrl}${page}?${params.toString()}`;
}

/** The confirmation mail of a new registration. */
export function confirmationMail(to: string, link: string, tokenHash: string): OutgoingMail {
  return {
    dedupeKey: `confirm:${tokenHash}`,
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

/** Sent instead of a confirmation when someone registers an email that already has an account. */
export function alreadyRegisteredMail(to: string, resetPage: string, requestId: string): OutgoingMail {
  return {
    dedupeKey: `already-registered:${requestId}`,
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
    dedupeKey: `password-reset:${tokenHash}`,
    kind: 'password.reset',
    to,
    subject: 'Reset your Care Portal password',
    text:
      `Choose a new Care Portal password with this link (it works once, for ${RESET_LINK_MINUTES} minutes):\n` +
      `${link}\n\nIf you did not ask for it, ignore this message: your password stays as it is.`,
  };
}
