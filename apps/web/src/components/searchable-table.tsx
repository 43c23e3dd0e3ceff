import { Alert, Loader, Paper, Table, TextInput, VisuallyHidden } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { EmptyTableRow } from './empty-table-row.tsx';
import { SortHeader, type SortState } from './sort-header.tsx';

export interface SearchableTableProps<K extends string = string> {
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
  /** How many rows `children` holds: with none (once loaded), one row says `emptyText` across `columns` columns. */
  rowCount: number;
  columns: number;
  emptyText: string;
  /** The body rows. */
  children: ReactNode;
}

/** An administration list: a search box, the list's error or loading state, and its striped table. */
export function SearchableTable<K extends string>({
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
  rowCount,
  columns,
  emptyText,
  children,
}: SearchableTableProps<K>) {
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
            <Table.Tbody>
              {children}
              {!isPending && rowCount === 0 ? (
                <EmptyTableRow columns={columns}>{emptyText}</EmptyTableRow>
              ) : null}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
    </>
  );
}
