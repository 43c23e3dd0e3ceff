import { VisuallyHidden } from '@mantine/core';
import type { AnyAlert, Widget } from '@portal/domain';
import { flexRender, getCoreRowModel, useReactTable } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { type KeyboardEvent, useMemo, useRef } from 'react';
import { alertColumns, CHAT_COLUMN } from './alert-columns.tsx';
import classes from './alert-table.module.css';
import { SortHeader } from './sort-header.tsx';

/** The server-side sort of a table: a column's sort name and direction. */
export interface AlertSort {
  id: string;
  desc: boolean;
}

export interface AlertTableProps {
  widget: Widget;
  rows: AnyAlert[];
  /** The chosen sort; null means the widget's default (its defaultSort, ascending). */
  sort: AlertSort | null;
  onSortChange: (sort: AlertSort) => void;
  onOpen: (alert: AnyAlert) => void;
  /** The table's accessible name. */
  label: string;
  /** Height of the scrolling area in px. */
  height: number;
}

const ROW_HEIGHT = 40;

/**
 * A widget's alerts as a table with real headers. Rows are virtualised (TanStack Virtual) so ten thousand of
 * them keep a small DOM; spacer rows above and below keep the scroll height. A row opens on click or Enter.
 */
export function AlertTable({ widget, rows, sort, onSortChange, onOpen, label, height }: AlertTableProps) {
  const columns = useMemo(() => alertColumns(widget), [widget]);
  const effective = sort ?? { id: widget.defaultSort, desc: false };
  const table = useReactTable({
    data: rows,
    columns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (row) => String(row._internalID),
    manualSorting: true,
    state: { sorting: [effective] },
  });
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
    initialRect: { width: 800, height },
  });
  const items = virtualizer.getVirtualItems();
  const tableRows = table.getRowModel().rows;
  const top = items[0]?.start ?? 0;
  const bottom = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);
  const span = columns.length;

  const onKeyDown = (event: KeyboardEvent, alert: AnyAlert) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onOpen(alert);
    }
  };

  return (
    <div ref={scroller} className={classes.scroller} style={{ maxHeight: height }}>
      <table className={classes.table} aria-label={label} aria-rowcount={rows.length + 1}>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id} aria-rowindex={1}>
              {group.headers.map((header) => {
                const id = header.column.id;
                const title = String(header.column.columnDef.header);
                const direction = effective.id === id ? (effective.desc ? 'desc' : 'asc') : null;
                if (id === CHAT_COLUMN) {
                  return (
                    <th key={header.id} scope="col">
                      <VisuallyHidden>{title}</VisuallyHidden>
                    </th>
                  );
                }
                return (
                  <th
                    key={header.id}
                    scope="col"
                    aria-sort={
                      direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : 'none'
                    }
                  >
                    <SortHeader
                      label={title}
                      direction={direction}
                      onSort={() => onSortChange({ id, desc: direction === 'asc' })}
                    />
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {top > 0 ? (
            <tr aria-hidden style={{ height: top }}>
              <td colSpan={span} />
            </tr>
          ) : null}
          {items.map((item) => {
            const row = tableRows[item.index];
            if (!row) return null;
            const alert = row.original;
            return (
              <tr
                key={row.id}
                className={classes.row}
                tabIndex={0}
                aria-rowindex={item.index + 2}
                data-unread={alert.readByFaci === false}
                onClick={() => onOpen(alert)}
                onKeyDown={(event) => onKeyDown(event, alert)}
              >
                {row.getVisibleCells().map((cell) => (
                  <td key={cell.id}>{flexRender(cell.column.columnDef.cell, cell.getContext())}</td>
                ))}
              </tr>
            );
          })}
          {bottom > 0 ? (
            <tr aria-hidden style={{ height: bottom }}>
              <td colSpan={span} />
            </tr>
          ) : null}
        </tbody>
      </table>
    </div>
  );
}
