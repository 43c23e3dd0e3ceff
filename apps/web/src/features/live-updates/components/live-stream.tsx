import { useLiveUpdates } from '../hooks/use-live-updates.ts';

/** The stream itself, for as long as it is mounted: one for all the signed-in tabs of a browser (shared-stream.ts). */
export function LiveStream() {
  useLiveUpdates();
  return null;
}
