/**
 * Answers true the first time it is given a key, false after, remembering the last `limit` keys (the oldest are
 * forgotten first). Live updates use it on both sides to drop an event delivered twice: the server's bus when two
 * notified ranges overlap, a tab when a reconnect's replay repeats what it already applied.
 */
export function seenOnce<K>(limit: number): (key: K) => boolean {
  const seen = new Set<K>();
  return (key) => {
    if (seen.has(key)) return false;
    seen.add(key);
    // Sets keep insertion order: the first value is the oldest remembered key.
    if (seen.size > limit) seen.delete(seen.values().next().value as K);
    return true;
  };
}
