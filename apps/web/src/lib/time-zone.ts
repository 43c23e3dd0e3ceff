/** The browser's IANA time zone (`America/Chicago`): the zone the user's dates are shown and picked in. */
export const localTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;
