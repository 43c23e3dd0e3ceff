import { PlaceholderPage } from '@/components/placeholder-page.tsx';

/** Framework Vision (placeholder until its issue lands). */
export function FrameworkVisionRoute() {
  return <PlaceholderPage title="Framework Vision" comingLater="the Framework Vision integration." />;
}
