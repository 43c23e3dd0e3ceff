import { ActionIcon, Badge, Card, Center, Group, Loader, Title } from '@mantine/core';
import { type AnyAlert, unreadFirst, type Widget } from '@portal/domain';
import { IconArrowUpRight, IconRefresh } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useCurrentUser } from '@/features/auth';
import { ListPrintButtons } from '@/features/print';
import { widgetPagePath } from '@/lib/paths.ts';
import { useAlertList } from '../api/use-alert-list.ts';
import { AlertDetailModal } from './alert-detail-modal.tsx';
import { type AlertSort, AlertTable, useShowMoreFocus } from './alert-table.tsx';
import { ListError } from './list-error.tsx';
import { ListFooter } from './list-footer.tsx';
import { readStateWords } from './read-state-words.ts';
import { UpdatedAge } from './updated-age.tsx';
import classes from './widget-card.module.css';

export interface AlertWidgetCardProps {
  widget: Widget;
}

/**
 * One dashboard card: title in capitals with the total, refresh and open buttons (shown on hover or keyboard
 * focus), the 'Updated' age, the alert table with unread rows first, and its footer (spec 1, section 2).
 */
export function AlertWidgetCard({ widget }: AlertWidgetCardProps) {
  const [sort, setSort] = useState<AlertSort | null>(null);
  const readWords = readStateWords(useCurrentUser().userType);
  const params = useMemo(
    () => (sort ? ({ sort: sort.id, sortOrder: sort.desc ? 'desc' : 'asc' } as const) : {}),
    [sort],
  );
  const list = useAlertList(widget, params);
  const more = useShowMoreFocus(list.rows, list.showMore);
  const rows = useMemo(() => unreadFirst(list.rows), [list.rows]);
  const [selected, setSelected] = useState<AnyAlert | null>(null);
  const titleId = `widget-${widget.key}-title`;

  return (
    <Card
      withBorder
      shadow="xs"
      radius="md"
      component="section"
      aria-labelledby={titleId}
      className={classes.card}
    >
      <Card.Section withBorder inheritPadding py="xs">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="xs" wrap="nowrap">
            <Title order={2} size="h5" id={titleId} tt="uppercase">
              {widget.title}
            </Title>
            {/* No count before the list has answered: a failed list is not 'no alerts'. */}
            {list.isLoaded ? (
              // role img: a label on a plain element is not read out; this says '6 alerts', not a bare '6'.
              <Badge color="blue.8" className={classes.count} role="img" aria-label={`${list.count} alerts`}>
                {list.count}
              </Badge>
            ) : null}
          </Group>
          <Group gap={4} wrap="nowrap" className={classes.age}>
            <UpdatedAge updatedAt={list.updatedAt} onRefresh={list.refresh} widgetTitle={widget.title} />
            <ListPrintButtons widget={widget} alerts={rows} count={list.count} isCompact />
            <ActionIcon
              variant="subtle"
              className={classes.reveal}
              onClick={list.refresh}
              loading={list.isRefreshing}
              aria-label={`Refresh ${widget.title}`}
            >
              <IconRefresh size={16} aria-hidden />
            </ActionIcon>
            <ActionIcon
              component={Link}
              to={widgetPagePath(widget)}
              variant="subtle"
              className={classes.reveal}
              aria-label={`Open ${widget.title}`}
            >
              <IconArrowUpRight size={16} aria-hidden />
            </ActionIcon>
          </Group>
        </Group>
      </Card.Section>
      {list.isPending ? (
        <Center py="lg">
          <Loader size="sm" role="status" aria-label={`Loading ${widget.title}`} />
        </Center>
      ) : list.error ? (
        <Card.Section inheritPadding py="sm">
          <ListError error={list.error} onRetry={list.refresh} />
        </Card.Section>
      ) : (
        <Card.Section>
          {rows.length > 0 ? (
            <AlertTable
              readWords={readWords}
              widget={widget}
              focusAlertId={more.focusAlertId}
              rows={rows}
              sort={sort}
              onSortChange={setSort}
              onOpen={setSelected}
              label={`${widget.title} alerts`}
              height={320}
            />
          ) : null}
          <ListFooter
            shown={list.rows.length}
            count={list.count}
            hasMore={list.hasMore}
            isFetchingMore={list.isFetchingMore}
            onShowMore={more.showMore}
          />
        </Card.Section>
      )}
      {selected ? (
        <AlertDetailModal
          widget={widget}
          internalId={selected._internalID}
          alert={selected}
          onClose={() => setSelected(null)}
        />
      ) : null}
    </Card>
  );
}
