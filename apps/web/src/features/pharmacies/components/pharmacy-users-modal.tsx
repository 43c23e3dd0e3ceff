import { Alert, Loader, Table } from '@mantine/core';
import { roleLabel } from '@portal/domain';
import { EmptyTableRow } from '@/components/empty-table-row.tsx';
import { OpenModal } from '@/components/open-modal.tsx';
import { TableScroller } from '@/components/table-scroller.tsx';
import { usePharmacyUsers } from '../api/get-pharmacy-users.ts';

export interface PharmacyUsersModalProps {
  pharmID: string;
  onClose: () => void;
}

/** The users modal (`?pharmID=&users=true`): Name, Email and Role of users holding a role in that pharmacy. */
export function PharmacyUsersModal({ pharmID, onClose }: PharmacyUsersModalProps) {
  const { data, isPending, error } = usePharmacyUsers();
  const rows = (data?.users ?? []).flatMap((user) => {
    const held = user.pharmRole.find((r) => r.pharid === pharmID);
    return held ? [{ ...user, role: held.role }] : [];
  });
  return (
    <OpenModal onClose={onClose} title={`Users of ${pharmID}`} size="xl">
      {isPending ? <Loader role="status" aria-label="Loading users" /> : null}
      {error ? <Alert color="red">{error.message}</Alert> : null}
      {data ? (
        <TableScroller minWidth={420}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Email</Table.Th>
                <Table.Th>Role</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.userId}>
                  <Table.Td>{row.displayName}</Table.Td>
                  <Table.Td>{row.email}</Table.Td>
                  <Table.Td>{roleLabel(row.role)}</Table.Td>
                </Table.Tr>
              ))}
              {rows.length === 0 ? <EmptyTableRow columns={3}>No Users</EmptyTableRow> : null}
            </Table.Tbody>
          </Table>
        </TableScroller>
      ) : null}
    </OpenModal>
  );
}
