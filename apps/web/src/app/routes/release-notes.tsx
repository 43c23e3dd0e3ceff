import { ReleaseNotesPage } from '@/features/content';

/** /info/release-notes */
export function ReleaseNotesRoute() {
  return <ReleaseNotesPage />;
}
