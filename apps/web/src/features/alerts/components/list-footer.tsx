import { Button, Center, Text } from '@mantine/core';
import { PAGE_LIMIT } from '@portal/domain';
import { SHOW_MORE_ATTRIBUTE } from './alert-table.tsx';

export interface ListFooterProps {
  shown: number;
  count: number;
  hasMore: boolean;
  isFetchingMore: boolean;
  onShowMore: () => void;
}

/** The end of a table: 'Show N more...' (up to 100), 'End of alerts' or 'No alerts' (spec 1, sections 2 and 9). */
export function ListFooter({ shown, count, hasMore, isFetchingMore, onShowMore }: ListFooterProps) {
  if (shown === 0 && !hasMore) {
    return (
      <Center py="xs">
        <Text size="sm" c="dimmed">
          No alerts
        </Text>
      </Center>
    );
  }
  if (!hasMore) {
    return (
      <Center py="xs">
        <Text size="sm" c="dimmed">
          End of alerts
        </Text>
      </Center>
    );
  }
  const next = Math.max(1, Math.min(PAGE_LIMIT, count - shown));
  return (
    <Center py="xs">
      <Button
        variant="subtle"
        size="compact-sm"
        onClick={onShowMore}
        loading={isFetchingMore}
        {...{ [SHOW_MORE_ATTRIBUTE]: true }}
      >
        Show {next} more...
      </Button>
    </Center>
  );
}
