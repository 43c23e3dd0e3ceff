/** Text people read: toasts, validation and refusal messages, as the spec writes them. */
export const MESSAGES = {
  loggedIn: 'User Logged In',
  loggedOut: 'User Logged Out',
  invalidCredentials: 'Invalid credentials',
  notSignedIn: 'Sign in to continue.',
  sessionExpired: 'Your session has ended. Please sign in again.',
  forbidden: 'You do not have permission to do that.',
  notFound: 'Not found.',
  internal: 'Internal Server Error',
  /** Any request text with a NUL or a lone UTF-16 surrogate: PostgreSQL can store neither. */
  malformedText: 'Text must not contain NUL characters or unpaired surrogates.',
  invalidLoginToken: 'This sign-in link is invalid or has expired.',
  passwordChangeRequired: 'Your password was set by an administrator. Choose a new one to continue.',
} as const;

/** Toast text for a failed call: 'Error {status}: {statusText}' (spec 1, section 8). */
export function httpErrorToast(status: number, statusText: string): string {
  return `Error ${status}: ${statusText}`;
}

/**
 * The refusal after too many attempts, with the wait rounded up to whole minutes: of signing in, or of confirming a
 * registration's email with a wrong password (the two share one throttle, but each is named as what the person did).
 * A confirmation's refusal also says the way round the wait: a password reset, which is not held back by the
 * throttle, confirms the account as well.
 */
export function tooManyAttemptsMessage(
  retryAfterSeconds: number,
  attempts: 'sign-in' | 'confirmation' = 'sign-in',
): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  const wait = `Too many ${attempts} attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
  return attempts === 'confirmation' ? `${wait} A password reset also confirms your account.` : wait;
}
