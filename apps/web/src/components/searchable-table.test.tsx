import { MantineProvider, Table } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { SearchableTable, type SearchableTableProps } from './searchable-table.tsx';

const NAMES = ['Meadowbrook', 'Lakeside', 'Eastgate'];

function Harness(props: Pick<SearchableTableProps, 'error' | 'isPending'>) {
  const [search, setSearch] = useState('');
  const rows = props.isPending ? [] : NAMES.filter((n) => n.toLowerCase().includes(search.toLowerCase()));
  return (
    <MantineProvider>
      <SearchableTable
        searchLabel="Search facilities"
        searchPlaceholder="Search by facility name"
        search={search}
        onSearch={setSearch}
        loadingLabel="Loading facilities"
        minWidth={400}
        head={<Table.Th>Name</Table.Th>}
        rowCount={rows.length}
        columns={1}
        emptyText="No facilities"
        {...props}
      >
        {rows.map((name) => (
          <Table.Tr key={name}>
            <Table.Td>{name}</Table.Td>
          </Table.Tr>
        ))}
      </SearchableTable>
    </MantineProvider>
  );
}

describe('SearchableTable', () => {
  it('filters through its search box and says so when nothing matches', async () => {
    const user = userEvent.setup();
    render(<Harness error={null} isPending={false} />);
    expect(screen.getAllByRole('row')).toHaveLength(1 + NAMES.length);
    await user.type(screen.getByLabelText('Search facilities'), 'lake');
    expect(screen.getByRole('cell', { name: 'Lakeside' })).toBeInTheDocument();
    expect(screen.queryByRole('cell', { name: 'Meadowbrook' })).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Search facilities'), 'x');
    expect(screen.getByRole('cell', { name: 'No facilities' })).toBeInTheDocument();
  });

  it('tells a screen reader how many rows a search leaves, through a status', async () => {
    const user = userEvent.setup();
    render(<Harness error={null} isPending={false} />);
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('');
    await user.type(screen.getByLabelText('Search facilities'), 'e');
    expect(status).toHaveTextContent('3 results');
    await user.type(screen.getByLabelText('Search facilities'), 'ast');
    expect(status).toHaveTextContent('1 result');
  });

  it('shows its loader, not "No facilities", while the list loads', () => {
    render(<Harness error={null} isPending />);
    expect(screen.getByRole('status', { name: 'Loading facilities' })).toBeInTheDocument();
    expect(screen.queryByText('No facilities')).not.toBeInTheDocument();
  });

  it('says a failed list in red, with its title when it has one', () => {
    render(
      <Harness error={{ title: 'Error', message: 'Could not read the facilities' }} isPending={false} />,
    );
    expect(screen.getByText('Error')).toBeInTheDocument();
    expect(screen.getByText('Could not read the facilities')).toBeInTheDocument();
  });
});
