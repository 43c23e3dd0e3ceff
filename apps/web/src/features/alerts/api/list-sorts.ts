import { useState } from 'react';
import type { AlertSort } from '../components/alert-table.tsx';

/**
 * The column sort chosen on each widget page (and on its archive), for as long as the tab is open: a pharmacist who
 * sorted a queue by facility, looked at the archive and came Back, or went to another widget and returned, finds it
 * sorted as they left it, as the facility filter (in the address) is kept. Held in memory only, and dropped at
 * sign-out with the cached lists, so the next person at the computer starts from the default order. A full load
 * starts from the default too, which is also the order the server drew the page in.
 */
const sorts = new Map<string, AlertSort>();

/** The key of one widget page's list: the widget, live or archive. */
export const listSortKey = (widgetKey: string, isArchive: boolean) =>
  `${widgetKey}:${isArchive ? 'archive' : 'live'}`;

/** Drops every remembered sort (sign-out). */
export function clearListSorts(): void {
  sorts.clear();
}

/** The page's sort, starting from the one last chosen on it in this tab; every change is remembered. */
export function useListSort(key: string): [AlertSort | null, (sort: AlertSort) => void] {
  const [sort, setSort] = useState<AlertSort | null>(() => sorts.get(key) ?? null);
  return [
    sort,
    (next) => {
      sorts.set(key, next);
      setSort(next);
    },
  ];
}
