import { Badge, Button, Center, Group, Stack, Text, Title } from '@mantine/core';
import {
  type AnyAlert,
  archiveRangeProblems,
  DATE_RANGE_MESSAGES,
  unreadFirst,
  type Widget,
} from '@portal/domain';
import { IconArchive, IconList, IconRefresh } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useCurrentUser } from '@/features/auth';
import { ListPrintButtons } from '@/features/print';
import { useDocumentTitle } from '@/hooks/use-document-title.ts';
import { isApiError } from '@/lib/api-error.ts';
import { widgetPagePath } from '@/lib/paths.ts';
import { localIsoDay } from '@/lib/time-zone.ts';
import { keepFirstPageOnly } from '../api/alert-cache.ts';
import { type AlertListParams, narrowedTo, sortedBy } from '../api/alert-keys.ts';
import { useAlertList } from '../api/use-alert-list.ts';
import { usePrefetchAlertPermissions } from '../hooks/use-alert-permissions.ts';
import { useFillHeight } from '../hooks/use-fill-height.ts';
import { useLinkedAlert } from '../hooks/use-linked-alert.ts';
import { useListSort } from '../hooks/use-list-sort.ts';
import { AlertDetailModal } from './alert-detail-modal.tsx';
import { AlertTable, useShowMoreFocus } from './alert-table.tsx';
import { ArchiveRange, type RangeField } from './archive-range.tsx';
import { FacilityFilterField, narrowingSearch, useFacilityFilter } from './facility-filter.tsx';
import { ListError } from './list-error.tsx';
import { ListFooter } from './list-footer.tsx';
import { readStateWords } from './read-state-words.ts';
import { UpdatedAge, useIsStale } from './updated-age.tsx';

export interface WidgetPageProps {
  widget: Widget;
  isArchive: boolean;
}

const RANGE_FIELDS = new Set(['from', 'to']);

/** Where the rows would be while From/To are refused: not 'No alerts', which would read as an answer. */
const REFUSED_RANGE_NOTICE = 'Correct the From and To dates to see alerts.';

/** A picker holding part of a date refuses the range, as a wrong date would: the list keeps to what is whole. */
const incompleteProblems = (incomplete: Partial<Record<RangeField, true>>): Record<string, string> =>
  Object.fromEntries(Object.keys(incomplete).map((field) => [field, DATE_RANGE_MESSAGES.incomplete]));

/** The unfinished fields with `field` marked or not (the same object when nothing changes, so React skips it). */
function marked(now: Partial<Record<RangeField, true>>, field: RangeField, isIncomplete: boolean) {
  if (Boolean(now[field]) === isIncomplete) return now;
  const next = { ...now };
  if (isIncomplete) next[field] = true;
  else delete next[field];
  return next;
}

/** Whether the list was refused for its archive date range alone (a 400 naming only From and To). */
function isRangeRefusal(error: unknown): boolean {
  if (!isApiError(error, 400)) return false;
  const names = Object.keys(error.fields ?? {});
  return names.length > 0 && names.every((name) => RANGE_FIELDS.has(name));
}

/**
 * /alerts/{path} and its archive: title, refresh, total, Archive/Current, From/To on the archive, and the
 * sortable table with 'Show N more...' (spec 1, section 2). The alert the address names (`?alert=`, a row opened
 * or a link followed) is open in the detail modal, whether or not it is among the rows loaded.
 */
export function WidgetPage({ widget, isArchive }: WidgetPageProps) {
  useDocumentTitle(isArchive ? `${widget.title} Archive` : widget.title);
  // The column sort is the address's (`?sort=`), as the facility narrowing is: Archive and Current carry the narrowing
  // only, each list starting from its own default order (the archive's ascending is newest first).
  const listSort = useListSort(widget);
  const sort = listSort.sort;
  const readWords = readStateWords(useCurrentUser().userType);
  const [range, setRange] = useState({ from: '', to: '' });
  const [incomplete, setIncomplete] = useState<Partial<Record<RangeField, true>>>({});
  // The row last opened, shown while its fresh copy loads; the address says which alert is open.
  const [opened, setOpened] = useState<AnyAlert | null>(null);
  const linked = useLinkedAlert();
  const facilityFilter = useFacilityFilter();
  const facilityIds = facilityFilter.ids;
  const today = localIsoDay(new Date());
  const problems = isArchive
    ? { ...archiveRangeProblems(range.from, range.to, today), ...incompleteProblems(incomplete) }
    : {};
  const isRangeValid = Object.keys(problems).length === 0;
  const [applied, setApplied] = useState(range);
  if (isRangeValid && (applied.from !== range.from || applied.to !== range.to)) setApplied(range);

  const params = useMemo<AlertListParams>(
    () => ({
      ...sortedBy(sort),
      ...(isArchive ? { archived: true, from: applied.from || undefined, to: applied.to || undefined } : {}),
      ...narrowedTo(facilityIds),
    }),
    [sort, isArchive, applied, facilityIds],
  );
  // While the address names facilities not yet checked against the viewer's, the list waits (useFacilityFilter).
  const list = useAlertList(widget, params, { enabled: facilityFilter.isSettled });
  const queryClient = useQueryClient();
  // A new narrowing starts at the first page, even of a list cached with more pages loaded.
  const changeFacilities = (ids: readonly number[]) => {
    const { facilityIds: _, ...rest } = params;
    keepFirstPageOnly(queryClient, widget.key, { ...rest, ...narrowedTo(ids) });
    facilityFilter.change(ids);
  };
  // Unread rows go first (spec 1, section 4), as on the dashboard card: on the archive and after a column sort
  // too, each group in the server's order. The server pages in that order already; this keeps a row marked read or
  // unread since its page loaded in its new group.
  const rows = useMemo(() => unreadFirst(list.rows), [list.rows]);
  const more = useShowMoreFocus(list.rows, list.showMore);
  // A refused date range is shown at the From/To pickers; any other refusal is the list's error state.
  const rangeRefusal = isRangeRefusal(list.error);
  const serverProblems = rangeRefusal && isApiError(list.error, 400) ? list.error.fields : {};
  // While the pickers hold a refused range the list still holds the last valid range's rows (or, refused by the
  // server, none): they are not the answer for the dates shown, so neither they nor their Total are shown.
  const isRangeRefused = !isRangeValid || rangeRefusal;
  const shownRows = isRangeRefused ? [] : rows;
  // The table takes the screen's height left below the header, the footer in view under it (at least a card's).
  const tableFill = useFillHeight(320, `widget-page:${widget.key}:${isArchive ? 'archive' : 'live'}`);
  // The first alert opened here then shows its buttons at once.
  usePrefetchAlertPermissions();
  const isStaleList = useIsStale(list.updatedAt);

  return (
    <Stack>
      <Group justify="space-between" align="center">
        <Title order={1}>
          {widget.title}
          {isArchive ? (
            <Badge ml="sm" color="gray.7" size="lg" style={{ verticalAlign: 'middle' }}>
              Archive
            </Badge>
          ) : null}
        </Title>
        <Group gap="xs">
          <UpdatedAge
            updatedAt={list.updatedAt}
            onRefresh={list.refresh}
            widgetTitle={widget.title}
            withStaleButton={false}
          />
          <ListPrintButtons widget={widget} alerts={shownRows} count={isRangeRefused ? 0 : list.count} />
          {/* The page's own Refresh turns yellow from 12 minutes (spec 1, section 4), instead of a second one. */}
          <Button
            variant={isStaleList ? 'filled' : 'default'}
            color={isStaleList ? 'yellow.4' : undefined}
            autoContrast
            data-stale={isStaleList || undefined}
            leftSection={<IconRefresh size={16} aria-hidden />}
            onClick={list.refresh}
            loading={list.isRefreshing}
          >
            Refresh
          </Button>
          <Button
            component={Link}
            to={`${widgetPagePath(widget, !isArchive)}${narrowingSearch(facilityIds)}`}
            variant="default"
            leftSection={
              isArchive ? <IconList size={16} aria-hidden /> : <IconArchive size={16} aria-hidden />
            }
          >
            {isArchive ? 'Current' : 'Archive'}
          </Button>
        </Group>
      </Group>
      <Group justify="space-between" align="flex-end">
        <Group align="flex-end" gap="md" wrap="wrap">
          {isArchive ? (
            <ArchiveRange
              from={range.from}
              to={range.to}
              today={today}
              problems={{ ...serverProblems, ...problems }}
              onChange={setRange}
              onIncompleteChange={(field, isIncomplete) =>
                setIncomplete((now) => marked(now, field, isIncomplete))
              }
            />
          ) : null}
          <FacilityFilterField filter={facilityFilter} onChange={changeFacilities} />
        </Group>
        <Text fw={700} role="status">
          {list.isLoaded && !isRangeRefused ? `Total: ${list.count}` : ''}
        </Text>
      </Group>
      {list.error && !rangeRefusal ? <ListError error={list.error} onRetry={list.refresh} /> : null}
      {isArchive ? (
        // Always there on the archive, so a screen reader hears the notice when it appears (the Total goes silent).
        <Center role="status" py={isRangeRefused ? 'xs' : 0}>
          {isRangeRefused ? <Text size="sm">{REFUSED_RANGE_NOTICE}</Text> : null}
        </Center>
      ) : null}
      {shownRows.length > 0 ? (
        <div ref={tableFill.ref}>
          <AlertTable
            readWords={readWords}
            widget={widget}
            focusAlertId={more.focusAlertId}
            rows={shownRows}
            sort={listSort.tableSort}
            onSortChange={listSort.change}
            onOpen={(alert) => {
              setOpened(alert);
              linked.open(alert._internalID);
            }}
            label={isArchive ? `${widget.title} archived alerts` : `${widget.title} alerts`}
            height={tableFill.height}
          />
        </div>
      ) : null}
      {!list.isPending && !list.error && !isRangeRefused ? (
        <ListFooter
          shown={list.rows.length}
          count={list.count}
          hasMore={list.hasMore}
          isFetchingMore={list.isFetchingMore}
          onShowMore={more.showMore}
        />
      ) : null}
      {linked.isNamed ? (
        <AlertDetailModal
          // A new alert is a new modal: nothing of the last one shows while the next loads.
          key={linked.value}
          widget={widget}
          internalId={linked.internalId}
          alert={opened && opened._internalID === linked.internalId ? opened : undefined}
          onClose={linked.close}
        />
      ) : null}
    </Stack>
  );
}
