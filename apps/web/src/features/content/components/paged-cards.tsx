import { Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { ShowMoreFooter, useShowMore } from '@/components/show-more.tsx';

/**
 * How many release notes or versions a page draws at first and adds with each 'Show N more...'. Readers look at
 * the newest few; every card carries sanitised rich text, and a pharmacy's 200 notes drawn at once took 0.9-2.2 s.
 */
export const CONTENT_PAGE_CARDS = 20;

export interface PagedCardsProps<T> {
  /** Already in the order the page shows them. */
  items: readonly T[];
  card: (item: T) => ReactNode;
}

/** The cards of a release-notes or versions page, `CONTENT_PAGE_CARDS` at a time, with 'Showing X of Y' under them. */
export function PagedCards<T>({ items, card }: PagedCardsProps<T>) {
  const { shown, showMore, container } = useShowMore(null, CONTENT_PAGE_CARDS);
  return (
    <>
      <Stack gap="md" ref={container}>
        {items.slice(0, shown).map(card)}
      </Stack>
      <ShowMoreFooter
        shown={shown}
        total={items.length}
        onShowMore={showMore}
        pageSize={CONTENT_PAGE_CARDS}
      />
    </>
  );
}
