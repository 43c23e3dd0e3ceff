import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

/** The one row a table shows when it has none: its message across every column. */
export function EmptyTableRow({ columns, children }: { columns: number; children: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Td colSpan={columns}>{children}</Table.Td>
    </Table.Tr>
  );
}
