import { PlaceholderPage } from '@/components/placeholder-page.tsx';

/** Files (placeholder until its issue lands). */
export function FilesRoute() {
  return (
    <PlaceholderPage
      title="Files"
      comingLater="the file manager: folder tree, breadcrumb, grid or list view, search, upload and folder creation."
    />
  );
}
