import { useState } from 'react';

/** Where the grid/list choice is kept (spec 2, section 9: the file view preference is held in local storage). */
export const FILE_VIEW_STORAGE_KEY = 'portal.files.view';

export type FileViewMode = 'grid' | 'list';

function stored(): FileViewMode {
  try {
    return window.localStorage.getItem(FILE_VIEW_STORAGE_KEY) === 'list' ? 'list' : 'grid';
  } catch {
    return 'grid';
  }
}

/** The grid/list toggle, remembered in local storage, grid by default. */
export function useFileViewMode(): [FileViewMode, (mode: FileViewMode) => void] {
  const [mode, setMode] = useState<FileViewMode>(stored);
  const choose = (next: FileViewMode) => {
    setMode(next);
    try {
      window.localStorage.setItem(FILE_VIEW_STORAGE_KEY, next);
    } catch {
      // Private mode without storage: the choice lasts for this page only.
    }
  };
  return [mode, choose];
}
