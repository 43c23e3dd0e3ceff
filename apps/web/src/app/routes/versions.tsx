import { VersionsPage } from '@/features/content';

/** /info/versions */
export function VersionsRoute() {
  return <VersionsPage />;
}
