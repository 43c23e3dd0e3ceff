import { Alert, Loader, Paper, Table, TextInput, VisuallyHidden } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { memo, type ReactNode } from 'react';
import { EmptyTableRow } from './empty-table-row.tsx';
import { ShowMoreFooter, useShowMore } from './show-more.tsx';
import { SortHeader, type SortState } from './sort-header.tsx';
import { TableScroller } from './table-scroller.tsx';

export interface SearchableTableProps<T, K extends string = string> {
  /** The search box's label and placeholder; its text is the caller's state, which filters the rows. */
  searchLabel: string;
  searchPlaceholder: string;
  search: string;
  onSearch: (text: string) => void;
  /** Said in red above the table when the list could not be read. */
  error: { title?: string; message: string } | null;
  isPending: boolean;
  /** The loading indicator's accessible name, e.g. 'Loading facilities'. */
  loadingLabel: string;
  /** Below this width the table scrolls sideways instead of squeezing (a tablet at the nurses' station). */
  minWidth: number;
  /** Sortable columns, first in the header row, each a `SortHeader` over the caller's sort state. */
  sorting?: {
    columns: readonly { key: K; label: string }[];
    sort: SortState<K>;
    onSort: (next: SortState<K>) => void;
  };
  /** The header row's other cells. */
  head: ReactNode;
  /** The rows the search and sort leave, in order: with none (once loaded), one row says `emptyText`. */
  rows: readonly T[];
  /**
   * One body row (a keyed `Table.Tr`) of `columns` cells. Keep it stable (`useCallback`) and work the rows out from
   * a deferred search (`useDeferredValue`): then a key typed in the search box draws the box at once and the rows
   * after, instead of the rows (and their menus) again at every key.
   */
  renderRow: (row: T) => ReactNode;
  columns: number;
  emptyText: string;
}

/** The drawn rows, drawn again only when the rows, how many show or the row drawing change. */
const TableRows = memo(function TableRows({
  rows,
  shown,
  renderRow,
}: {
  rows: readonly unknown[];
  shown: number;
  renderRow: (row: unknown) => ReactNode;
}) {
  return rows.slice(0, shown).map(renderRow);
});

/**
 * An administration list: a search box, the list's error or loading state, and its striped table, drawing the
 * first `TABLE_PAGE_ROWS` (show-more.tsx) rows and more on request; a new search starts again from the first rows.
 */
export function SearchableTable<T, K extends string>({
  searchLabel,
  searchPlaceholder,
  search,
  onSearch,
  error,
  isPending,
  loadingLabel,
  minWidth,
  sorting,
  head,
  rows,
  renderRow,
  columns,
  emptyText,
}: SearchableTableProps<T, K>) {
  const rowCount = rows.length;
  // A new search (even back to an earlier one) starts again from the first rows.
  const { shown, showMore, container: body } = useShowMore(search);

  return (
    <>
      <TextInput
        label={searchLabel}
        placeholder={searchPlaceholder}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={search}
        onChange={(event) => onSearch(event.currentTarget.value)}
        maw={420}
      />
      {/* Read out as the search narrows the list; silent until a search is typed. */}
      <VisuallyHidden role="status">
        {search.trim() && !isPending ? `${rowCount} ${rowCount === 1 ? 'result' : 'results'}` : ''}
      </VisuallyHidden>
      {error ? (
        <Alert color="red" title={error.title}>
          {error.message}
        </Alert>
      ) : null}
      {isPending ? <Loader role="status" aria-label={loadingLabel} /> : null}
      <Paper withBorder>
        <TableScroller minWidth={minWidth}>
          <Table striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                {sorting?.columns.map((column) => (
                  <SortHeader
                    key={column.key}
                    column={column.key}
                    label={column.label}
                    sort={sorting.sort}
                    onSort={sorting.onSort}
                  />
                ))}
                {head}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody ref={body}>
              <TableRows rows={rows} shown={shown} renderRow={renderRow as (row: unknown) => ReactNode} />
              {!isPending && rowCount === 0 ? (
                <EmptyTableRow columns={columns}>{emptyText}</EmptyTableRow>
              ) : null}
            </Table.Tbody>
          </Table>
        </TableScroller>
      </Paper>
      <ShowMoreFooter shown={shown} total={rowCount} onShowMore={showMore} />
    </>
  );
}
