const UNITS = [
  { seconds: 86_400, name: 'day' },
  { seconds: 3600, name: 'hour' },
  { seconds: 60, name: 'minute' },
  { seconds: 1, name: 'second' },
] as const;

/**
 * A duration as people say it, for the idle modal's "You've been idle for 2 hours": the largest whole units,
 * e.g. '2 hours', '1 minute', '1 hour 30 minutes', '5 seconds'.
 */
export function durationInWords(totalSeconds: number): string {
  let rest = Math.max(0, Math.round(totalSeconds));
  if (rest === 0) return '0 seconds';
  const parts: string[] = [];
  for (const unit of UNITS) {
    const count = Math.floor(rest / unit.seconds);
    if (count === 0) continue;
    parts.push(`${count} ${unit.name}${count === 1 ? '' : 's'}`);
    rest -= count * unit.seconds;
  }
  return parts.join(' ');
}
