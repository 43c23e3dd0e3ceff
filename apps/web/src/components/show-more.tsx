import { Button, Group, Text } from '@mantine/core';
import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * How many rows (or tiles) a long list draws at first and adds with each 'Show N more...' (the alert tables' page
 * size, spec 1 section 9). Search and sort still cover every item; only drawing is limited: a pharmacy's 4,000
 * facility users drawn at once took 7-9 s to show, a folder of 1,500 files 4-8 s, and each key typed in their search
 * boxes 0.5-3 s.
 */
export const TABLE_PAGE_ROWS = 100;

// Built on first use: a page's first Intl object costs 40-100 ms (ICU's start-up), kept off the app's start.
let counts: Intl.NumberFormat | undefined;
function formatCount(count: number): string {
  counts ??= new Intl.NumberFormat('en-US');
  return counts.format(count);
}

const CONTROL = 'button, a[href], input, [tabindex]:not([tabindex="-1"])';

export interface ShowMore {
  /** How many of the items to draw. */
  shown: number;
  /** Draws up to a page more, then puts the focus on the first added item's first control. */
  showMore: () => void;
  /** The ref of the element whose children are the drawn items, in order: a table body's rows, a grid's tiles. */
  container: (element: HTMLElement | null) => void;
}

/**
 * Paging for a long list of items: the first `pageSize` (by default `TABLE_PAGE_ROWS`), and as many more on request. A new `key` (a new
 * search, another folder; compared with Object.is) starts again from the first items. After Show more, the keyboard
 * goes on where the list grew: the first added item's first control, else (a row without one) its first cell, else
 * the item itself, made focusable for the purpose.
 */
export function useShowMore(key: unknown, pageSize = TABLE_PAGE_ROWS): ShowMore {
  const [paging, setPaging] = useState({ key, shown: pageSize });
  // Set during render: the items of the new key are drawn from the first page in the same pass.
  if (!Object.is(paging.key, key)) setPaging({ key, shown: pageSize });
  const shown = Object.is(paging.key, key) ? paging.shown : pageSize;
  const list = useRef<HTMLElement | null>(null);
  const container = useCallback((element: HTMLElement | null) => {
    list.current = element;
  }, []);
  const [focusItem, setFocusItem] = useState<number | null>(null);
  useEffect(() => {
    if (focusItem === null) return;
    setFocusItem(null);
    const item = list.current?.children.item(focusItem);
    if (!(item instanceof HTMLElement)) return;
    const control = item.querySelector<HTMLElement>(CONTROL);
    const target = control ?? (item instanceof HTMLTableRowElement ? (item.cells.item(0) ?? item) : item);
    if (!control) target.tabIndex = -1;
    target.focus();
  }, [focusItem]);
  const showMore = () => {
    setPaging({ key, shown: shown + pageSize });
    setFocusItem(shown);
  };
  return { shown, showMore, container };
}

export interface ShowMoreFooterProps {
  shown: number;
  total: number;
  onShowMore: () => void;
  /** What one 'Show N more...' adds: the `pageSize` given to `useShowMore`. */
  pageSize?: number;
}

/** 'Showing X of Y' and a 'Show N more...' button under a list that has more items than it draws; else nothing. */
export function ShowMoreFooter({
  shown,
  total,
  onShowMore,
  pageSize = TABLE_PAGE_ROWS,
}: ShowMoreFooterProps) {
  const more = Math.min(pageSize, total - shown);
  if (more <= 0) return null;
  return (
    <Group justify="center" gap="sm">
      <Text size="sm" c="dimmed">
        Showing {formatCount(shown)} of {formatCount(total)}
      </Text>
      <Button variant="subtle" size="compact-sm" onClick={onShowMore}>
        Show {formatCount(more)} more...
      </Button>
    </Group>
  );
}
