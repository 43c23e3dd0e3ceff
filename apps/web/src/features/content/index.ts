export { ReleaseNotesPage } from './components/release-notes-page.tsx';
export { VersionsPage } from './components/versions-page.tsx';
