import { PlaceholderPage } from '@/components/placeholder-page.tsx';

/** Release Notes (placeholder until its issue lands). */
export function ReleaseNotesRoute() {
  return <PlaceholderPage title="Release Notes" comingLater="release notes, newest first." />;
}
