import { IconArrowDown, IconArrowsSort, IconArrowUp } from '@tabler/icons-react';
import classes from './alert-table.module.css';

export interface SortHeaderProps {
  label: string;
  direction: 'asc' | 'desc' | null;
  onSort: () => void;
}

/** A column header's sort button; the th around it carries aria-sort. */
export function SortHeader({ label, direction, onSort }: SortHeaderProps) {
  const Icon = direction === 'asc' ? IconArrowUp : direction === 'desc' ? IconArrowDown : IconArrowsSort;
  return (
    // A plain button (Mantine's UnstyledButton look, its focus ring class): every card has one per column.
    <button type="button" className={`${classes.sortButton} mantine-focus-auto`} onClick={onSort}>
      {label}
      <Icon size={14} aria-hidden />
    </button>
  );
}
