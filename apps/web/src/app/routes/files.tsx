import { FileManagerPage } from '@/features/files';

/** /files and /files/{id}/{id}/...: the file manager at the folder the path names. */
export function FilesRoute() {
  return <FileManagerPage />;
}
