import { UnstyledButton } from '@mantine/core';
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
    <UnstyledButton className={classes.sortButton} onClick={onSort}>
      {label}
      <Icon size={14} aria-hidden />
    </UnstyledButton>
  );
}
