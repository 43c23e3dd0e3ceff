import { type BadgeColor, srxStatusLabel, statusBadgeColor } from '@portal/domain';
import type { ReactNode } from 'react';
import classes from './alert-table.module.css';

export interface CellBadgeProps {
  color: BadgeColor;
  children: ReactNode;
}

/**
 * A badge inside a table cell: the look of Mantine's filled Badge with badge-color.ts's shades (white text, dark
 * on yellow, as autoContrast picks), as one plain element styled by alert-table.module.css. A dashboard shows
 * a few hundred of these as it loads; Mantine's Badge costs a styles-and-props pass each (about a third of a
 * card's render in the profile), this costs none.
 */
export function CellBadge({ color, children }: CellBadgeProps) {
  return (
    <span className={classes.badge} data-color={color}>
      {children}
    </span>
  );
}

/** An alert's status as a cell badge: label and colour from the domain, as StatusBadge shows it elsewhere. */
export function StatusCellBadge({ status }: { status: string | null }) {
  const label = srxStatusLabel(status);
  return label ? <CellBadge color={statusBadgeColor(status)}>{label}</CellBadge> : null;
}
