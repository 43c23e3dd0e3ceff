import { Table, UnstyledButton } from '@mantine/core';
import classes from './sort-header.module.css';

/** A sort order: a column and a direction. */
export interface SortState<K extends string> {
  key: K;
  direction: 'asc' | 'desc';
}

/** Clicking the active column flips its direction; another column starts ascending. */
export function nextSortState<K extends string>(current: SortState<K>, key: K): SortState<K> {
  if (current.key === key) return { key, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  return { key, direction: 'asc' };
}

export interface SortHeaderProps<K extends string> {
  column: K;
  label: string;
  sort: SortState<K>;
  onSort: (next: SortState<K>) => void;
}

/** A column header that sorts by its column, announcing the order to assistive technology. */
export function SortHeader<K extends string>({ column, label, sort, onSort }: SortHeaderProps<K>) {
  const isActive = sort.key === column;
  const ariaSort = isActive ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none';
  return (
    <Table.Th aria-sort={ariaSort}>
      {/* The header cell's own size and weight, as the table's headers that do not sort. */}
      <UnstyledButton
        className={classes.button}
        onClick={() => onSort(nextSortState(sort, column))}
        fz="inherit"
        fw="inherit"
      >
        {label}
        {isActive ? (sort.direction === 'asc' ? ' ▲' : ' ▼') : ''}
      </UnstyledButton>
    </Table.Th>
  );
}
