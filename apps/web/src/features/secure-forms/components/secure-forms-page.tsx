import { Alert, Button, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { facilityForms, SECURE_FORMS_MESSAGES } from '@portal/domain';
import { useMemo, useState } from 'react';
import { EmptyTableRow } from '@/components/empty-table-row.tsx';
import { OpenModal } from '@/components/open-modal.tsx';
import { SortHeader, type SortState } from '@/components/sort-header.tsx';
import { TableScroller } from '@/components/table-scroller.tsx';
import { useCurrentUser } from '@/features/auth';
import { type FacilitySortKey, useFacilitiesList, visibleFacilities } from '@/features/facilities';
import { useDialogAddress } from '@/hooks/use-dialog-address.ts';
import { useDocumentTitle } from '@/hooks/use-document-title.ts';
import { focusPageHeading } from '@/lib/rescue-focus.ts';
import { FormLinkGrid } from './form-link-grid.tsx';
import { formPrefill } from './form-prefill.ts';
import { StateCards } from './state-cards.tsx';

type SortKey = FacilitySortKey;
const COLUMNS: { key: SortKey; label: string }[] = [
  { key: 'facID', label: 'ID' },
  { key: 'facName', label: 'Name' },
  { key: 'pharmID', label: 'Pharmacy ID' },
];

/** The Secure Forms page (spec 2): state cards, the sortable facility table, the forms modal at ?faciID=. */
export function SecureFormsPage() {
  useDocumentTitle('Secure Forms');
  const user = useCurrentUser();
  const { data, isPending } = useFacilitiesList();
  const [state, setState] = useState<string | null>(null);
  const [sort, setSort] = useState<SortState<SortKey>>({ key: 'facName', direction: 'asc' });
  const formsDialog = useDialogAddress();
  const params = formsDialog.params;
  const facilities = data?.facilities ?? [];
  const counts = useMemo(() => {
    const map = new Map<string, number>();
    for (const f of facilities) map.set(f.facState, (map.get(f.facState) ?? 0) + 1);
    return map;
  }, [facilities]);
  const rows = visibleFacilities(
    facilities.filter((f) => state === null || f.facState === state),
    '',
    sort,
  );
  const faciID = params.get('faciID');
  const opened = facilities.find((f) => String(f.facID) === faciID);
  // A link naming a facility that is not the viewer's (another's, none, or not an id) opened nothing and said
  // nothing; it says so now, alike for all three, and the page under it stays as it is.
  const isUnknown = data !== undefined && faciID !== null && opened === undefined;

  return (
    <Stack gap="md">
      <Title order={1}>Secure Forms</Title>
      {isUnknown ? (
        <Alert
          color="yellow"
          variant="light"
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => {
            formsDialog.close({});
            // The button that had focus goes with the notice.
            focusPageHeading();
          }}
        >
          {SECURE_FORMS_MESSAGES.notYours}
        </Alert>
      ) : null}
      <StateCards counts={counts} selected={state} onSelect={setState} />
      <Paper withBorder>
        <TableScroller minWidth={480}>
          <Table striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                {COLUMNS.map((c) => (
                  <SortHeader key={c.key} column={c.key} label={c.label} sort={sort} onSort={setSort} />
                ))}
                <Table.Th>Forms</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((f) => (
                <Table.Tr key={f.facID}>
                  <Table.Td>{f.facID}</Table.Td>
                  <Table.Td>{f.facName}</Table.Td>
                  <Table.Td>{f.pharmID}</Table.Td>
                  <Table.Td>
                    <Button
                      size="xs"
                      variant="light"
                      aria-label={`Forms for ${f.facName}`}
                      onClick={() => formsDialog.open({ faciID: String(f.facID) })}
                    >
                      Forms
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
              {!isPending && rows.length === 0 ? (
                <EmptyTableRow columns={4}>
                  <Text>No facilities</Text>
                </EmptyTableRow>
              ) : null}
            </Table.Tbody>
          </Table>
        </TableScroller>
      </Paper>
      {opened ? (
        <OpenModal onClose={() => formsDialog.close({})} title={`Forms for ${opened.facName}`} size="lg">
          <FormLinkGrid forms={facilityForms(opened)} prefill={formPrefill(opened, user, new Date())} />
        </OpenModal>
      ) : null}
    </Stack>
  );
}
