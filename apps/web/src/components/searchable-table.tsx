import { Alert, Button, Group, Loader, Paper, Table, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { memo, type ReactNode, useEffect, useRef, useState } from 'react';
import { EmptyTableRow } from './empty-table-row.tsx';
import { SortHeader, type SortState } from './sort-header.tsx';

/**
 * How many rows an administration table draws at first and adds with each 'Show N more...' (the alert tables' page
 * size, spec 1 section 9). Search and sort still cover every row; only drawing is limited: a pharmacy's 4,000
 * facility users drawn at once took 7-9 s to show and about 1.7 s per key typed in the search box.
 */
export const TABLE_PAGE_ROWS = 100;

const COUNT = new Intl.NumberFormat('en-US');

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
 * first `TABLE_PAGE_ROWS` rows and more on request; a new search starts again from the first rows.
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
  const [paging, setPaging] = useState({ search, shown: TABLE_PAGE_ROWS });
  // A new search (even back to an earlier one) starts again from the first rows.
  if (paging.search !== search) setPaging({ search, shown: TABLE_PAGE_ROWS });
  const shown = paging.search === search ? paging.shown : TABLE_PAGE_ROWS;
  const body = useRef<HTMLTableSectionElement>(null);
  // After 'Show N more...': the first added row's first control, so the keyboard goes on where the list grew.
  const [focusRow, setFocusRow] = useState<number | null>(null);
  useEffect(() => {
    if (focusRow === null) return;
    setFocusRow(null);
    const row = body.current?.rows.item(focusRow);
    const control = row?.querySelector<HTMLElement>(
      'button, a[href], input, [tabindex]:not([tabindex="-1"])',
    );
    const target = control ?? row?.cells.item(0);
    if (target && !control) target.tabIndex = -1;
    target?.focus();
  }, [focusRow]);
  const more = Math.min(TABLE_PAGE_ROWS, rowCount - shown);
  const showMore = () => {
    setPaging({ search, shown: shown + TABLE_PAGE_ROWS });
    setFocusRow(shown);
  };

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
        <Table.ScrollContainer minWidth={minWidth}>
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
        </Table.ScrollContainer>
      </Paper>
      {more > 0 ? (
        <Group justify="center" gap="sm">
          <Text size="sm" c="dimmed">
            Showing {COUNT.format(shown)} of {COUNT.format(rowCount)}
          </Text>
          <Button variant="subtle" size="compact-sm" onClick={showMore}>
            Show {COUNT.format(more)} more...
          </Button>
        </Group>
      ) : null}
    </>
  );
}
