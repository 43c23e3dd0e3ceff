import { Alert, Loader, Table } from '@mantine/core';
import { roleLabel, USER_ADMIN_MESSAGES, type ViewerFacility } from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import { EmptyTableRow } from '@/components/empty-table-row.tsx';
import { OpenModal } from '@/components/open-modal.tsx';
import { facilityUsersQuery } from '../api/users.ts';

export interface FacilityUserListModalProps {
  facility: ViewerFacility;
  onClose: () => void;
}

/** User list for a facility (the Facilities list's View Users). */
export function FacilityUserListModal({ facility, onClose }: FacilityUserListModalProps) {
  const { data, isPending, error } = useQuery(facilityUsersQuery(facility.facID));
  return (
    <OpenModal onClose={onClose} title={`Users of ${facility.facName}`} size="lg">
      {isPending ? <Loader role="status" aria-label="Loading users" /> : null}
      {error ? <Alert color="red">{USER_ADMIN_MESSAGES.facilityUsersFailed}</Alert> : null}
      {data ? (
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Email</Table.Th>
              <Table.Th>Role</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.userInfos.map((u) => (
              <Table.Tr key={u.userId}>
                <Table.Td>{u.displayName}</Table.Td>
                <Table.Td>{u.email}</Table.Td>
                <Table.Td>
                  {roleLabel(u.entityTypeAndRole.find((e) => e.facid === facility.facID)?.userRole ?? '')}
                </Table.Td>
              </Table.Tr>
            ))}
            {data.userInfos.length === 0 ? <EmptyTableRow columns={3}>No Users</EmptyTableRow> : null}
          </Table.Tbody>
        </Table>
      ) : null}
    </OpenModal>
  );
}
