import { Alert, Badge, Button, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { type CreatedPharmacyKey, formatDateTime, type PharmacyKey, type UserInfo } from '@portal/domain';
import { useState } from 'react';
import { EmptyTableRow } from '@/components/empty-table-row.tsx';
import { openConfirmModal } from '@/components/open-modal.tsx';
import { TableScroller } from '@/components/table-scroller.tsx';
import { useDocumentTitle } from '@/hooks/use-document-title.ts';
import { notifyError, notifySuccess } from '@/lib/notify.ts';
import { usePharmacyKeys, useRevokePharmacyKey } from '../api/pharmacy-keys.ts';
import { CreateKeyForm } from './create-key-form.tsx';
import { NewKeyNotice } from './new-key-notice.tsx';

export interface PharmacyKeysPageProps {
  user: UserInfo;
}

/** Pharmacy API keys: list (last four only), create (shown once), revoke after a confirmation. */
export function PharmacyKeysPage({ user }: PharmacyKeysPageProps) {
  useDocumentTitle('Pharmacy API Keys');
  const keys = usePharmacyKeys();
  const revoke = useRevokePharmacyKey();
  const [created, setCreated] = useState<CreatedPharmacyKey | null>(null);

  function confirmRevoke(key: PharmacyKey) {
    openConfirmModal({
      title: 'Revoke API key',
      children: (
        <Text size="sm">
          Revoke "{key.name}" (…{key.last4}) of {key.pharmID}? Calls with it are refused from now on.
        </Text>
      ),
      labels: { confirm: 'Revoke', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        revoke.mutate(key.id, {
          onSuccess: () => notifySuccess(`Key "${key.name}" revoked`),
          onError: notifyError,
        }),
    });
  }

  return (
    <Stack gap="md">
      <Title order={1}>Pharmacy API Keys</Title>
      <Text size="sm" c="dimmed">
        A pharmacy system sends alerts to the portal with one of these keys (POST
        /api/ingest/&#123;widget&#125;, see the API documentation). A key writes only its own pharmacy's
        facilities.
      </Text>
      <CreateKeyForm user={user} onCreated={setCreated} />
      {created ? <NewKeyNotice created={created} onDone={() => setCreated(null)} /> : null}
      {keys.error ? (
        <Alert color="red" title="Error">
          {keys.error.message}
        </Alert>
      ) : null}
      {keys.isPending ? <Loader role="status" aria-label="Loading keys" /> : null}
      <Paper withBorder>
        <TableScroller minWidth={640}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Pharmacy</Table.Th>
                <Table.Th>Key</Table.Th>
                <Table.Th>Created</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(keys.data?.keys ?? []).map((key) => (
                <Table.Tr key={key.id}>
                  <Table.Td>{key.name}</Table.Td>
                  <Table.Td>{key.pharmID}</Table.Td>
                  <Table.Td>
                    <Text ff="monospace" size="sm">
                      …{key.last4}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    {formatDateTime(key.createdAt)}
                    {key.createdBy ? ` by ${key.createdBy}` : ''}
                  </Table.Td>
                  <Table.Td>
                    {key.revokedAt ? (
                      // The date beside the badge, not in it: a badge clips its text, and on a tablet the date
                      // was cut to 'REVOKED 11/28/2…'.
                      <Stack gap={2} align="flex-start">
                        <Badge color="gray.7">Revoked</Badge>
                        <Text size="xs">{formatDateTime(key.revokedAt)}</Text>
                      </Stack>
                    ) : (
                      <Badge color="#237032">Active</Badge>
                    )}
                  </Table.Td>
                  <Table.Td>
                    {key.revokedAt ? null : (
                      <Button
                        size="xs"
                        color="red"
                        variant="light"
                        onClick={() => confirmRevoke(key)}
                        aria-label={`Revoke ${key.name}`}
                      >
                        Revoke
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
              {keys.data && keys.data.keys.length === 0 ? (
                <EmptyTableRow columns={6}>No keys yet</EmptyTableRow>
              ) : null}
            </Table.Tbody>
          </Table>
        </TableScroller>
      </Paper>
    </Stack>
  );
}
