export { FileManagerPage } from './components/file-manager-page.tsx';
