import {
  Alert,
  Button,
  Group,
  Loader,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  AUDIT_KINDS,
  AUDIT_MESSAGES,
  type AuditEvent,
  AuditQuerySchema,
  type Facility,
  formatDateTime,
} from '@portal/domain';
import { type FormEvent, useRef, useState } from 'react';
import { EmptyTableRow } from '@/components/empty-table-row.tsx';
import { TableScroller } from '@/components/table-scroller.tsx';
import { useDocumentTitle } from '@/hooks/use-document-title.ts';
import { firstInvalidField, useFocusAfterRender } from '@/hooks/use-focus-after-render.ts';
import { notifyError } from '@/lib/notify.ts';
import {
  type AuditFormValues,
  auditQueryOf,
  downloadAuditCsv,
  EMPTY_AUDIT_FILTERS,
  useAuditPages,
} from '../api/audit.ts';

export interface AuditPageProps {
  /** The facilities the viewer sees, for the facility picker. */
  facilities: readonly Pick<Facility, 'facID' | 'facName'>[];
}

const KIND_OPTIONS = [
  { value: '', label: 'Any kind' },
  ...AUDIT_KINDS.map((kind) => ({ value: kind, label: kind.endsWith('.') ? `${kind}* (all)` : kind })),
];

const recordOf = (e: AuditEvent) =>
  e.recordType || e.recordId ? `${e.recordType} ${e.recordId}`.trim() : '';
/**
 * The longest text shown whole in the Detail column: a long file name (up to 255 characters, its former name too)
 * makes one row a screen tall on a tablet. The record and its CSV export keep every character.
 */
const DETAIL_TEXT_MAX = 120;
const shortened = (_key: string, value: unknown) =>
  typeof value === 'string' && value.length > DETAIL_TEXT_MAX
    ? `${value.slice(0, DETAIL_TEXT_MAX - 1)}…`
    : value;
const detailOf = (e: AuditEvent) =>
  Object.keys(e.detail).length === 0 ? '' : JSON.stringify(e.detail, shortened);

/** The audit trail: filters, a table of events newest first, "Show more" by cursor, and a CSV export. */
export function AuditPage({ facilities }: AuditPageProps) {
  useDocumentTitle('Audit Trail');
  const [values, setValues] = useState<AuditFormValues>(EMPTY_AUDIT_FILTERS);
  const [applied, setApplied] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Partial<Record<keyof AuditFormValues, string>>>({});
  const formRef = useRef<HTMLFormElement>(null);
  const focusAfterRender = useFocusAfterRender();
  const [isExporting, setIsExporting] = useState(false);
  const pages = useAuditPages(applied);
  const events = pages.data?.pages.flatMap((p) => p.events) ?? [];

  const field =
    (name: keyof AuditFormValues) => (event: { currentTarget: HTMLInputElement | HTMLSelectElement }) => {
      // Read now: the updater runs later, when React has released the event's target.
      const value = event.currentTarget.value;
      setValues((v) => ({ ...v, [name]: value }));
    };

  // The server's schema checks the filters here first: its 400 named the field (From after To, a record id without
  // its type), but the page could only say 'Could not load the audit trail' in place of the list.
  function apply(event: FormEvent) {
    event.preventDefault();
    const query = auditQueryOf(values);
    const parsed = AuditQuerySchema.safeParse(query);
    if (parsed.success) {
      setErrors({});
      setApplied(query);
      return;
    }
    const found: Partial<Record<keyof AuditFormValues, string>> = {};
    for (const issue of parsed.error.issues) {
      const name = String(issue.path[0]) as keyof AuditFormValues;
      found[name] ??= issue.message;
    }
    setErrors(found);
    focusAfterRender(() => firstInvalidField(formRef.current), formRef.current);
  }

  function clear() {
    setValues(EMPTY_AUDIT_FILTERS);
    setErrors({});
    setApplied({});
  }

  async function exportCsv() {
    setIsExporting(true);
    try {
      await downloadAuditCsv(applied);
    } catch (error) {
      notifyError(error);
    } finally {
      setIsExporting(false);
    }
  }

  return (
    <Stack gap="md">
      <Title order={1}>Audit Trail</Title>
      <Text size="sm" c="dimmed">
        Who viewed or changed what, when and from where. Events cannot be edited or deleted.
      </Text>
      <Paper
        withBorder
        p="md"
        component="form"
        ref={formRef}
        onSubmit={apply}
        noValidate
        aria-label="Audit filters"
      >
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
          <TextInput
            label="User (email or id)"
            value={values.user}
            onChange={field('user')}
            error={errors.user}
          />
          <NativeSelect
            label="Facility"
            value={values.facId}
            onChange={field('facId')}
            data={[
              { value: '', label: 'All facilities' },
              ...facilities.map((f) => ({ value: String(f.facID), label: `${f.facName} (${f.facID})` })),
            ]}
          />
          <NativeSelect
            label="Kind"
            value={values.kind}
            onChange={field('kind')}
            data={KIND_OPTIONS}
            error={errors.kind}
          />
          <TextInput
            label="Record type"
            placeholder="e.g. highCost, user, file"
            value={values.recordType}
            onChange={field('recordType')}
            error={errors.recordType}
          />
          <TextInput
            label="Record id"
            value={values.recordId}
            onChange={field('recordId')}
            error={errors.recordId}
          />
          <TextInput
            type="datetime-local"
            label="From"
            value={values.from}
            onChange={field('from')}
            error={errors.from}
          />
          <TextInput
            type="datetime-local"
            label="To"
            value={values.to}
            onChange={field('to')}
            error={errors.to}
          />
        </SimpleGrid>
        <Group mt="md">
          <Button type="submit">Apply filters</Button>
          <Button variant="default" onClick={clear}>
            Clear
          </Button>
          <Button variant="outline" onClick={exportCsv} loading={isExporting}>
            Export CSV
          </Button>
        </Group>
      </Paper>
      {pages.error ? (
        <Alert color="red" title={AUDIT_MESSAGES.loadFailed}>
          {pages.error.message}
        </Alert>
      ) : null}
      {pages.isPending ? <Loader role="status" aria-label="Loading audit events" /> : null}
      <Paper withBorder>
        {/* Narrower than the table at tablet width: the scrolling region takes focus so the keyboard can scroll it. */}
        <TableScroller
          minWidth={960}
          scrollAreaProps={{
            viewportProps: { tabIndex: 0, role: 'region', 'aria-label': 'Audit events, scrollable' },
          }}
        >
          <Table striped aria-label="Audit events">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>When</Table.Th>
                <Table.Th>Who</Table.Th>
                <Table.Th>Kind</Table.Th>
                <Table.Th>Record</Table.Th>
                <Table.Th>Facility</Table.Th>
                <Table.Th>Address</Table.Th>
                <Table.Th>Outcome</Table.Th>
                <Table.Th>Detail</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {events.map((e) => (
                <Table.Tr key={e.id}>
                  <Table.Td>{formatDateTime(e.at)}</Table.Td>
                  <Table.Td>{e.actor}</Table.Td>
                  <Table.Td>{e.kind}</Table.Td>
                  <Table.Td>{recordOf(e)}</Table.Td>
                  <Table.Td>{e.facName ?? (e.facId === null ? '' : String(e.facId))}</Table.Td>
                  <Table.Td>{e.ip}</Table.Td>
                  <Table.Td>{e.outcome}</Table.Td>
                  <Table.Td>
                    <Text ff="monospace" size="xs" style={{ wordBreak: 'break-word' }}>
                      {detailOf(e)}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
              {pages.data && events.length === 0 ? (
                <EmptyTableRow columns={8}>{AUDIT_MESSAGES.none}</EmptyTableRow>
              ) : null}
            </Table.Tbody>
          </Table>
        </TableScroller>
      </Paper>
      {pages.hasNextPage ? (
        <Group justify="center">
          <Button variant="default" onClick={() => pages.fetchNextPage()} loading={pages.isFetchingNextPage}>
            Show more
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
