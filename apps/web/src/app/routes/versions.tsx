import { PlaceholderPage } from '@/components/placeholder-page.tsx';

/** Versions (placeholder until its issue lands). */
export function VersionsRoute() {
  return <PlaceholderPage title="Versions" comingLater="versions of the portal, newest first." />;
}
