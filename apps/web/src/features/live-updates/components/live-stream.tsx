import { useLiveUpdates } from '../hooks/use-live-updates.ts';

/** The stream itself: one per signed-in tab, for as long as it is mounted. */
export function LiveStream() {
  useLiveUpdates();
  return null;
}
