import {
  LIST_SORT_ORDER_PARAM,
  LIST_SORT_PARAM,
  type ListSort,
  listSortOf,
  type Widget,
} from '@portal/domain';
import { useCallback, useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { AlertSort } from '../components/alert-table.tsx';

/** The widget page's column sort, as its address holds it. */
export interface ListSortChoice {
  /** The sort the list is asked for; null: the widget's default. */
  sort: ListSort | null;
  /** The same, as the table shows it (null: the default's arrow). */
  tableSort: AlertSort | null;
  /** Sorts by a column the table offers, in the address, replacing its history entry. */
  change: (next: AlertSort) => void;
}

/** The address's search with this sort in it (the default: its parameters gone), every other parameter kept. */
export function withListSort(search: URLSearchParams, sort: ListSort | null): URLSearchParams {
  const next = new URLSearchParams(search);
  next.delete(LIST_SORT_PARAM);
  next.delete(LIST_SORT_ORDER_PARAM);
  if (sort) {
    next.append(LIST_SORT_PARAM, sort.column);
    next.append(LIST_SORT_ORDER_PARAM, sort.order);
  }
  return next;
}

/**
 * The column sort of a widget page (or its archive) lives in its address (`?sort=facName&sortOrder=desc`, the list
 * call's own names), so a reload, a copied link, a bookmark and Back from the archive or an alert's page find the
 * list sorted as it was left. It is read by the domain's rule (`listSortOf`, as the boot script and the server read
 * it to ask for and answer the first list early, and the server to draw it): the widget's default sort is never
 * written, and a column the table does not offer or a bad order reads as the default; the address is then rewritten
 * to what the list shows, so a copied link says what the page showed.
 *
 * A sort replaces the history entry, as the facility filter does: Back leaves the page rather than stepping through
 * every column clicked.
 */
export function useListSort(widget: Widget): ListSortChoice {
  const [search, setSearch] = useSearchParams();
  const raw = [...search.getAll(LIST_SORT_PARAM), '&', ...search.getAll(LIST_SORT_ORDER_PARAM)].join('\n');
  const column = search.get(LIST_SORT_PARAM);
  const order = search.get(LIST_SORT_ORDER_PARAM);
  const sort = useMemo(() => listSortOf(widget, column, order), [widget, column, order]);
  const write = useCallback(
    (next: ListSort | null) =>
      setSearch((now) => withListSort(now, next), { replace: true, preventScrollReset: true }),
    [setSearch],
  );
  const canonical = sort ? [sort.column, '&', sort.order].join('\n') : '&';
  useEffect(() => {
    if (canonical !== raw) write(sort);
  }, [canonical, raw, sort, write]);

  const change = useCallback(
    (next: AlertSort) => write(listSortOf(widget, next.id, next.desc ? 'desc' : 'asc')),
    [widget, write],
  );
  const tableSort = useMemo(() => (sort ? { id: sort.column, desc: sort.order === 'desc' } : null), [sort]);
  return { sort, tableSort, change };
}
