import { MantineProvider, Table } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { SortHeader, type SortState } from './sort-header.tsx';

type Key = 'name' | 'id';

function Harness() {
  const [sort, setSort] = useState<SortState<Key>>({ key: 'name', direction: 'asc' });
  return (
    <MantineProvider>
      <Table>
        <Table.Thead>
          <Table.Tr>
            <SortHeader column="name" label="Name" sort={sort} onSort={setSort} />
            <SortHeader column="id" label="ID" sort={sort} onSort={setSort} />
          </Table.Tr>
        </Table.Thead>
      </Table>
    </MantineProvider>
  );
}

describe('SortHeader', () => {
  it('announces the order, flips the active column and starts another one ascending', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const name = () => screen.getByRole('columnheader', { name: /Name/ });
    const id = () => screen.getByRole('columnheader', { name: /ID/ });
    expect(name()).toHaveAttribute('aria-sort', 'ascending');
    expect(id()).toHaveAttribute('aria-sort', 'none');
    await user.click(screen.getByRole('button', { name: /Name/ }));
    expect(name()).toHaveAttribute('aria-sort', 'descending');
    await user.click(screen.getByRole('button', { name: /ID/ }));
    expect(id()).toHaveAttribute('aria-sort', 'ascending');
    expect(name()).toHaveAttribute('aria-sort', 'none');
  });
});
