import { MantineProvider, Table } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { SearchableTable, type SearchableTableProps } from './searchable-table.tsx';
import { TABLE_PAGE_ROWS } from './show-more.tsx';

const NAMES = ['Meadowbrook', 'Lakeside', 'Eastgate'];
/** A big pharmacy's list: 250 facilities, 'Facility 001' to 'Facility 250'. */
const MANY = Array.from({ length: 250 }, (_, i) => `Facility ${String(i + 1).padStart(3, '0')}`);

function Harness({
  names = NAMES,
  ...props
}: Pick<SearchableTableProps<string>, 'error' | 'isPending'> & { names?: readonly string[] }) {
  const [search, setSearch] = useState('');
  const rows = props.isPending ? [] : names.filter((n) => n.toLowerCase().includes(search.toLowerCase()));
  return (
    <MantineProvider>
      <SearchableTable
        searchLabel="Search facilities"
        searchPlaceholder="Search by facility name"
        search={search}
        onSearch={setSearch}
        loadingLabel="Loading facilities"
        minWidth={400}
        head={
          <>
            <Table.Th>Name</Table.Th>
            <Table.Th>Actions</Table.Th>
          </>
        }
        rows={rows}
        renderRow={(name) => (
          <Table.Tr key={name}>
            <Table.Td>{name}</Table.Td>
            <Table.Td>
              <button type="button">Actions for {name}</button>
            </Table.Td>
          </Table.Tr>
        )}
        columns={2}
        emptyText="No facilities"
        {...props}
      />
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

  it('draws a long list 100 rows at a time, and the keyboard goes on at the first added row', async () => {
    const user = userEvent.setup();
    render(<Harness names={MANY} error={null} isPending={false} />);
    expect(screen.getAllByRole('row')).toHaveLength(1 + TABLE_PAGE_ROWS);
    expect(screen.getByText('Showing 100 of 250')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show 100 more...' }));
    expect(screen.getAllByRole('row')).toHaveLength(1 + 200);
    expect(screen.getByRole('button', { name: 'Actions for Facility 101' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Show 50 more...' }));
    expect(screen.getAllByRole('row')).toHaveLength(1 + 250);
    expect(screen.getByRole('cell', { name: 'Facility 250' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Actions for Facility 201' })).toHaveFocus();
    expect(screen.queryByText(/^Showing/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /more\.\.\.$/ })).not.toBeInTheDocument();
  });

  it('searches every row, not only those drawn, and a new search starts from the first rows', async () => {
    const user = userEvent.setup();
    render(<Harness names={MANY} error={null} isPending={false} />);
    await user.click(screen.getByRole('button', { name: 'Show 100 more...' }));
    await user.type(screen.getByLabelText('Search facilities'), '24');
    // 024, 124, 224 and 240 to 249: most of them found though not drawn before the search.
    expect(screen.getAllByRole('row')).toHaveLength(1 + 13);
    expect(screen.getByRole('cell', { name: 'Facility 249' })).toBeInTheDocument();
    expect(screen.queryByText(/^Showing/)).not.toBeInTheDocument();
    await user.clear(screen.getByLabelText('Search facilities'));
    expect(screen.getAllByRole('row')).toHaveLength(1 + TABLE_PAGE_ROWS);
    expect(screen.getByText('Showing 100 of 250')).toBeInTheDocument();
  });

  it('does not draw its rows again for a key typed in the box while the rows stay the same', () => {
    const renderRow = vi.fn((name: string) => (
      <Table.Tr key={name}>
        <Table.Td>{name}</Table.Td>
      </Table.Tr>
    ));
    const table = (search: string) => (
      <MantineProvider>
        <SearchableTable
          searchLabel="Search facilities"
          searchPlaceholder="Search by facility name"
          search={search}
          onSearch={() => {}}
          error={null}
          isPending={false}
          loadingLabel="Loading facilities"
          minWidth={400}
          head={<Table.Th>Name</Table.Th>}
          rows={MANY}
          renderRow={renderRow}
          columns={1}
          emptyText="No facilities"
        />
      </MantineProvider>
    );
    const { rerender } = render(table(''));
    expect(renderRow).toHaveBeenCalledTimes(TABLE_PAGE_ROWS);
    // The page's deferred search has not caught up yet: the box shows 'F', the rows are still the same list.
    rerender(table('F'));
    expect(screen.getByLabelText('Search facilities')).toHaveValue('F');
    expect(renderRow).toHaveBeenCalledTimes(TABLE_PAGE_ROWS);
  });
});
