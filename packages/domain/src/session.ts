/** Session and shell timings of the spec (spec 2, sections 2 and 9), in milliseconds. */
export const SESSION_TIMINGS = {
  /** Idle time before the idle modal opens. */
  idleMs: 2 * 60 * 60 * 1000,
  /** Countdown in the idle modal before sign-out. */
  idleCountdownMs: 10 * 60 * 1000,
  /** Countdown of the 'Uh Oh...' error fallback before it goes back. */
  errorRedirectMs: 10 * 1000,
  /** General toast auto-close. */
  toastMs: 5000,
  /** Action toast auto-close. */
  actionToastMs: 3000,
} as const;

/** Local storage key of the bearer token (spec 1, section 9: the token is stored in local storage). */
export const TOKEN_STORAGE_KEY = 'portal.token';
