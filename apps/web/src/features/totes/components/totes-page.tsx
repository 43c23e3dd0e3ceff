import '@mantine/dates/styles.css';
import { Alert, Group, Paper, Stack, Table, Text, TextInput, Title, UnstyledButton } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { formatDate, TOTES_MESSAGES } from '@portal/domain';
import { IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { EmptyTableRow } from '@/components/empty-table-row.tsx';
import { ShowMoreFooter, useShowMore } from '@/components/show-more.tsx';
import { SortHeader } from '@/components/sort-header.tsx';
import { TableScroller } from '@/components/table-scroller.tsx';
import { useDialogAddress } from '@/hooks/use-dialog-address.ts';
import { useDocumentTitle } from '@/hooks/use-document-title.ts';
import { localIsoDay } from '@/lib/time-zone.ts';
import { type ToteHeadersParams, useToteHeaders } from '../api/get-totes.ts';
import { ToteModal } from './tote-modal.tsx';
import { defaultToteRange, rangeQuery } from './tote-range.ts';
import { DEFAULT_TOTE_SORT, sortTotes, type ToteSort, type ToteSortKey } from './tote-sort.ts';
import classes from './totes-page.module.css';

const COLUMNS: { key: ToteSortKey; label: string }[] = [
  { key: 'facID', label: 'Facility ID' },
  { key: 'facName', label: 'Facility Name' },
  { key: 'pharmID', label: 'Pharmacy ID' },
  { key: 'nsName', label: 'NS Name' },
  { key: 'toteID', label: 'Tote ID' },
  { key: 'shipDate', label: 'Ship Date' },
  { key: 'patCount', label: 'Pat. Count' },
  { key: 'rxCount', label: 'RX Count' },
];

/** The Totes page (spec 2, "Totes page"): date range or search, the sortable totes table, the tote modal. */
/** Names for the calendar's arrow buttons, at each level (days, months, years). */
const CALENDAR_LABELS = {
  previousMonth: 'Previous month',
  nextMonth: 'Next month',
  previousYear: 'Previous year',
  nextYear: 'Next year',
  previousDecade: 'Previous decade',
  nextDecade: 'Next decade',
};

export function TotesPage() {
  useDocumentTitle('Totes');
  const [range, setRange] = useState<[string | null, string | null]>(() => defaultToteRange(new Date()));
  // The last whole range, the one the table shows.
  const [shownRange, setShownRange] = useState<[string, string]>(() => defaultToteRange(new Date()));
  const [params, setParams] = useState<ToteHeadersParams>(() => rangeQuery(defaultToteRange(new Date())));
  const [sort, setSort] = useState<ToteSort>(DEFAULT_TOTE_SORT);
  const toteDialog = useDialogAddress();
  const { data, isFetching } = useToteHeaders(params);
  const rows = useMemo(() => sortTotes(data?.packingSlipHeadersList ?? [], sort), [data, sort]);
  // A range of 2,000 totes took 2.3-5.7 s to draw at once; a new answer starts again from its first 100.
  const more = useShowMore(data);

  const changeRange = (value: [string | null, string | null]) => {
    setRange(value);
    const [from, to] = value;
    if (from && to) {
      setShownRange([from, to]);
      setParams(rangeQuery([from, to]));
    }
  };
  const applySearch = (search: string) => {
    const text = search.trim();
    if (text) setParams({ SearchText: text });
    else if (range[0] && range[1]) setParams(rangeQuery([range[0], range[1]]));
  };
  const openTote = (facID: number, toteID: string) => toteDialog.open({ facID: String(facID), toteID });
  const facID = Number(toteDialog.params.get('facID'));
  const toteID = toteDialog.params.get('toteID');

  return (
    <Stack gap="md">
      <Title order={1}>Totes</Title>
      <Group align="flex-end" wrap="wrap">
        <DatePickerInput
          type="range"
          label="Ship dates"
          value={range}
          onChange={(value) => changeRange([toIso(value[0]), toIso(value[1])])}
          maxDate={localIsoDay(new Date())}
          miw={260}
          // Mantine's calendar leaves its arrow buttons and its dropdown dialog without names (axe: button-name,
          // aria-dialog-name), and its outside-month and weekend days below 4.5:1 contrast (see the CSS module).
          ariaLabels={CALENDAR_LABELS}
          // Closed with a day chosen by the keyboard, the calendar left the focus on the page's body; closed with
          // only a first day chosen, the field showed no dates above a table still of the last whole range.
          popoverProps={{
            attributes: { dropdown: { 'aria-label': 'Choose ship dates' } },
            returnFocus: true,
          }}
          onDropdownClose={() => setRange((current) => (current[0] && current[1] ? current : shownRange))}
          classNames={{ day: classes.day }}
        />
        <ToteSearch onSearch={applySearch} />
      </Group>
      {data && data.count > data.packingSlipHeadersList.length ? (
        <Alert color="yellow" variant="light" role="status">
          {TOTES_MESSAGES.newestOnly(data.packingSlipHeadersList.length, data.count)}
        </Alert>
      ) : null}
      <Paper withBorder>
        {/* Narrow enough for a tablet (about 660 px beside the condensed sidebar at 768, 636 with the detached
            layout): drawn 860 wide, the Ship Date and count columns sat out of sight behind a sideways scroll with
            no cue. Every column stays (spec 2: all sortable); names, NS names and tote ids wrap instead. A phone
            still scrolls it sideways, and with no scroll bar on a touch screen the shadows are the cue. */}
        <TableScroller minWidth={600} h={565}>
          <Table striped highlightOnHover stickyHeader>
            <Table.Thead>
              <Table.Tr>
                {COLUMNS.map((column) => (
                  <SortHeader
                    key={column.key}
                    column={column.key}
                    label={column.label}
                    sort={sort}
                    onSort={setSort}
                  />
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody ref={more.container}>
              {rows.slice(0, more.shown).map((tote) => (
                // A click anywhere on the row opens the tote (spec 2, Totes page); the Tote ID button is the
                // keyboard's way to it, and stops its click here so one click opens the tote once.
                <Table.Tr
                  key={`${tote.facID}/${tote.toteID}`}
                  className={classes.row}
                  onClick={() => openTote(tote.facID, tote.toteID)}
                >
                  <Table.Td>{tote.facID}</Table.Td>
                  <Table.Td>{tote.facName}</Table.Td>
                  <Table.Td>{tote.pharmID}</Table.Td>
                  <Table.Td>{tote.nsName}</Table.Td>
                  <Table.Td>
                    <UnstyledButton
                      c="blue.8"
                      td="underline"
                      onClick={(event) => {
                        event.stopPropagation();
                        openTote(tote.facID, tote.toteID);
                      }}
                    >
                      {tote.toteID}
                    </UnstyledButton>
                  </Table.Td>
                  <Table.Td>{formatDate(tote.shipDate)}</Table.Td>
                  <Table.Td>{tote.patCount}</Table.Td>
                  <Table.Td>{tote.rxCount}</Table.Td>
                </Table.Tr>
              ))}
              {rows.length === 0 ? (
                <EmptyTableRow columns={COLUMNS.length}>
                  <Text role={isFetching ? 'status' : undefined}>
                    {isFetching ? TOTES_MESSAGES.loading : TOTES_MESSAGES.empty}
                  </Text>
                </EmptyTableRow>
              ) : null}
            </Table.Tbody>
          </Table>
        </TableScroller>
      </Paper>
      <ShowMoreFooter shown={more.shown} total={rows.length} onShowMore={more.showMore} />
      {Number.isInteger(facID) && facID > 0 && toteID ? (
        <ToteModal facID={facID} toteID={toteID} onClose={() => toteDialog.close({})} />
      ) : null}
    </Stack>
  );
}

/**
 * The search box, applied on Enter (spec 2, Totes page). Its text is its own state, so a key typed here does not
 * draw the page's table again: with a range of 2,000 totes that cost 0.4-0.8 s a key.
 */
function ToteSearch({ onSearch }: { onSearch: (text: string) => void }) {
  const [search, setSearch] = useState('');
  return (
    <TextInput
      label="Search totes"
      placeholder={TOTES_MESSAGES.searchPlaceholder}
      leftSection={<IconSearch size={16} aria-hidden />}
      value={search}
      onChange={(event) => setSearch(event.currentTarget.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') onSearch(search);
      }}
      miw={260}
    />
  );
}

function toIso(value: string | Date | null): string | null {
  if (value === null) return null;
  return typeof value === 'string' ? value.slice(0, 10) : localIsoDay(value);
}
