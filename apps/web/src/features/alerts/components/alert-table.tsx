import { VisuallyHidden } from '@mantine/core';
import {
  type AnyAlert,
  isAnsweredRowState,
  type RowDisplayState,
  srxStatusLabel,
  statusBadgeColor,
  unreadFirst,
  type Widget,
} from '@portal/domain';
import {
  elementScroll,
  useVirtualizer,
  type Virtualizer,
  type VirtualizerOptions,
} from '@tanstack/react-virtual';
import { type FocusEvent, type KeyboardEvent, useEffect, useMemo, useRef, useState } from 'react';
import shadows from '@/components/scroll-shadows.module.css';
import { isFocusLost } from '@/hooks/use-focus-after-render.ts';
import { alertColumns, CHAT_COLUMN } from './alert-columns.tsx';
import { preloadAlertDetail, preloadAlertDetailWhenIdle } from './alert-detail-view.tsx';
import { rowStateOf } from './alert-format.ts';
import classes from './alert-table.module.css';
import { FACILITY_READ_WORDS, type ReadStateWords } from './read-state-words.ts';
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
  /**
   * An alert whose row takes the focus once it is shown, while the focus is nowhere or on 'Show more'
   * (`useShowMoreFocus`): each id once.
   */
  focusAlertId?: number | undefined;
  /** How the viewer reads the facility's read state (a pharmacy user: 'unread at the facility'). */
  readWords?: ReadStateWords | undefined;
}

/**
 * 'Show N more...' that then puts the focus on the first row it added, so a keyboard user reads on from there
 * instead of from the top of the page. `rows` in the server's order; the tables show them unread first, so the
 * added unread rows land above the added read ones, among the unread rows already there: the focus goes to the
 * first added row as shown, or a screen reader reading on from it would never hear of the unread ones above.
 */
export function useShowMoreFocus(rows: readonly AnyAlert[], showMore: () => void) {
  const [from, setFrom] = useState<number | null>(null);
  return {
    focusAlertId: from === null ? undefined : unreadFirst(rows.slice(from))[0]?._internalID,
    showMore: () => {
      setFrom(rows.length);
      showMore();
    },
  };
}

/**
 * What a row's look says without words, in words for screen readers: bold means unread, and on a table without a
 * Status column the coloured edge is the only sign of the answer given.
 */
export function rowStateWords(
  alert: AnyAlert,
  state: RowDisplayState,
  hasStatusColumn: boolean,
  readWords: ReadStateWords = FACILITY_READ_WORDS,
): string {
  const words: string[] = [];
  if (alert.readByFaci === false) words.push(readWords.unread);
  if (!hasStatusColumn && isAnsweredRowState(state))
    words.push(`answered: ${srxStatusLabel(alert.srxStatus)}`);
  return words.length > 0 ? ` (${words.join(', ')})` : '';
}

/** The row a key moves the focus to from `index` (arrows one row, Home and End the ends), or null for other keys. */
function rowAfterKey(key: string, index: number, count: number): number | null {
  if (key === 'ArrowDown') return index + 1;
  if (key === 'ArrowUp') return index - 1;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return null;
}

/** Marks the 'Show more' control, whose focus a new row may take over. */
export const SHOW_MORE_ATTRIBUTE = 'data-show-more';

const ROW_HEIGHT = 40;

/**
 * TanStack Virtual's element-size observer without its first synchronous read (clientWidth/clientHeight), which
 * forces a layout in the commit of every table: on the dashboard that is one forced layout per card, each over a
 * larger page. Until the ResizeObserver reports the size the browser laid out, `initialRect` (the table's known
 * height) stands; the rows shown are the same.
 */
function observeRectAfterLayout(
  instance: Virtualizer<HTMLDivElement, Element>,
  onRect: (rect: { width: number; height: number }) => void,
): (() => void) | undefined {
  const element = instance.scrollElement;
  const Observer = instance.targetWindow?.ResizeObserver;
  if (!element || !Observer) return undefined;
  const observer = new Observer((entries) => {
    const box = entries[0]?.contentRect;
    if (box) onRect({ width: Math.round(box.width), height: Math.round(box.height) });
  });
  observer.observe(element, { box: 'content-box' });
  return () => observer.disconnect();
}

/** Scroll elements the virtualiser has already been attached to. */
const attached = new WeakSet<Element>();

/**
 * TanStack Virtual's element scroll without its first write: when the virtualiser attaches to its scroll element
 * it scrolls it to the current offset (0 for a new table), and `scrollTo` forces a layout in the commit of every
 * table (one per dashboard card; ~90 ms of the dashboard's load when profiled). A new element is already at 0,
 * so that write changes nothing and no scroll event follows it either way; every later scroll is written as before.
 */
const scrollAfterAttach: VirtualizerOptions<HTMLDivElement, Element>['scrollToFn'] = (
  offset,
  options,
  instance,
) => {
  const element = instance.scrollElement;
  if (element && !attached.has(element)) {
    attached.add(element);
    if (offset + (options.adjustments ?? 0) === 0 && options.behavior !== 'smooth') return;
  }
  elementScroll(offset, options, instance);
};

/**
 * A widget's alerts as a table with real headers. Rows are virtualised (TanStack Virtual) so ten thousand of
 * them keep a small DOM; spacer rows above and below keep the scroll height. A row opens on click or Enter; the
 * table is one tab stop, and the arrow keys, Home and End move between rows.
 * Cells are computed for the rows in view only: no table model is built over the whole list (the server sorts).
 */
export function AlertTable({
  widget,
  rows,
  sort,
  onSortChange,
  onOpen,
  label,
  height,
  focusAlertId,
  readWords = FACILITY_READ_WORDS,
}: AlertTableProps) {
  const columns = useMemo(() => alertColumns(widget), [widget]);
  const hasStatusColumn = columns.some((column) => column.id === 'srxStatus');
  const effective = sort ?? { id: widget.defaultSort, desc: false };
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
    initialRect: { width: 800, height },
    observeElementRect: observeRectAfterLayout,
    scrollToFn: scrollAfterAttach,
  });
  const items = virtualizer.getVirtualItems();
  const top = items[0]?.start ?? 0;
  const bottom = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);
  const span = columns.length;
  // The detail a row opens is a chunk of its own: fetched when a pointer or the keyboard reaches the table, or
  // when the page is next idle, whichever comes first.
  useEffect(() => {
    const element = scroller.current;
    const cancelIdle = preloadAlertDetailWhenIdle();
    element?.addEventListener('pointerover', preloadAlertDetail, { once: true });
    element?.addEventListener('focusin', preloadAlertDetail, { once: true });
    return () => {
      cancelIdle();
      element?.removeEventListener('pointerover', preloadAlertDetail);
      element?.removeEventListener('focusin', preloadAlertDetail);
    };
  }, []);

  // Arrow keys, Home and End move the focus between rows (in view first: the row may not be rendered yet).
  const focusRow = (index: number) => {
    const target = Math.max(0, Math.min(rows.length - 1, index));
    virtualizer.scrollToIndex(target, { align: 'auto' });
    let frames = 0;
    const attempt = () => {
      const row = scroller.current?.querySelector<HTMLElement>(`tbody tr[aria-rowindex="${target + 2}"]`);
      if (row) row.focus();
      else if (frames++ < 5) requestAnimationFrame(attempt);
    };
    requestAnimationFrame(attempt);
  };

  const onKeyDown = (event: KeyboardEvent, alert: AnyAlert, index: number) => {
    if (event.target !== event.currentTarget) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onOpen(alert);
      return;
    }
    const target = rowAfterKey(event.key, index, rows.length);
    if (target !== null) {
      event.preventDefault();
      focusRow(target);
    }
  };

  const focusedAlert = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (focusAlertId === undefined || focusedAlert.current === focusAlertId) return;
    const isFree = isFocusLost() || document.activeElement?.closest(`[${SHOW_MORE_ATTRIBUTE}]`);
    const index = rows.findIndex((row) => row._internalID === focusAlertId);
    if (!isFree || index < 0) return;
    focusedAlert.current = focusAlertId;
    focusRow(index);
  });

  // One tab stop per table (a roving tabindex): the row last focused, or the first row shown when that one is not
  // rendered; the arrow keys, Home and End move between rows. Tab then leaves the table instead of walking through
  // every row (a dashboard card holds up to 100).
  const [activeId, setActiveId] = useState<number | null>(null);
  const shownIds = items.map((item) => rows[item.index]?._internalID);
  const tabStopId = activeId !== null && shownIds.includes(activeId) ? activeId : shownIds[0];

  // A focused row shows its start (the patient), even when tabbing through the headers scrolled the table right.
  const onRowFocus = (event: FocusEvent, alert: AnyAlert) => {
    if (event.target !== event.currentTarget) return;
    setActiveId(alert._internalID);
    if (scroller.current) scroller.current.scrollLeft = 0;
  };

  return (
    <div ref={scroller} className={`${classes.scroller} ${shadows.shadows}`} style={{ maxHeight: height }}>
      <table className={classes.table} aria-label={label} aria-rowcount={rows.length + 1}>
        <thead>
          <tr aria-rowindex={1}>
            {columns.map((column) => {
              const id = column.id;
              const direction = effective.id === id ? (effective.desc ? 'desc' : 'asc') : null;
              if (id === CHAT_COLUMN) {
                return (
                  <th key={id} scope="col">
                    <VisuallyHidden>{column.header}</VisuallyHidden>
                  </th>
                );
              }
              return (
                <th
                  key={id}
                  scope="col"
                  aria-sort={direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : 'none'}
                >
                  <SortHeader
                    label={column.header}
                    direction={direction}
                    onSort={() => onSortChange({ id, desc: direction === 'asc' })}
                  />
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {top > 0 ? (
            <tr aria-hidden style={{ height: top }}>
              <td colSpan={span} />
            </tr>
          ) : null}
          {items.map((item) => {
            const alert = rows[item.index];
            if (!alert) return null;
            const state = rowStateOf(alert);
            const words = rowStateWords(alert, state, hasStatusColumn, readWords);
            return (
              <tr
                key={alert._internalID}
                className={classes.row}
                tabIndex={alert._internalID === tabStopId ? 0 : -1}
                aria-rowindex={item.index + 2}
                data-unread={alert.readByFaci === false}
                data-state={state}
                data-accent={isAnsweredRowState(state) ? statusBadgeColor(alert.srxStatus) : undefined}
                onClick={() => onOpen(alert)}
                onKeyDown={(event) => onKeyDown(event, alert, item.index)}
                onFocus={(event) => onRowFocus(event, alert)}
              >
                {columns.map((column, index) => (
                  <td key={column.id}>
                    {column.cell(alert)}
                    {index === 0 && words ? <VisuallyHidden>{words}</VisuallyHidden> : null}
                  </td>
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
