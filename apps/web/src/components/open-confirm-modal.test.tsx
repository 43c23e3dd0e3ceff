import { Button, MantineProvider, Menu } from '@mantine/core';
// biome-ignore lint/style/noRestrictedImports: the provider openConfirmModal opens its confirmations in, as the app has it.
import { ModalsProvider } from '@mantine/modals';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { rescueRemovedFocus } from '@/lib/rescue-focus.ts';
import { openConfirmModal } from './open-modal.tsx';

/** A list whose rows' menus ask before deleting the row, as the file manager's tiles do. */
function ConfirmFromMenuPage() {
  const [rows, setRows] = useState(['Care Plan.pdf', 'Reports']);
  return (
    <ul>
      {rows.map((row) => (
        <li key={row} data-focus-row>
          <Menu>
            <Menu.Target>
              <Button>{`Actions for ${row}`}</Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item
                onClick={() =>
                  openConfirmModal({
                    title: `Delete ${row}?`,
                    labels: { confirm: 'Delete', cancel: 'Cancel' },
                    // The row goes once the server has answered, after the confirmation has begun to close.
                    onConfirm: () =>
                      window.setTimeout(() => setRows((all) => all.filter((r) => r !== row)), 50),
                  })
                }
              >
                Delete
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </li>
      ))}
    </ul>
  );
}

function renderPage() {
  const user = userEvent.setup();
  render(
    <MantineProvider>
      <ModalsProvider>
        <ConfirmFromMenuPage />
      </ModalsProvider>
    </MantineProvider>,
  );
  return user;
}

describe('openConfirmModal', () => {
  // As the signed-in layout does: a focused control whose row goes hands the focus to the next row. The row may go
  // before or after the confirmation has faded out, depending on when the server answers.
  let stopRescue: () => void = () => undefined;
  beforeEach(() => {
    stopRescue = rescueRemovedFocus();
  });
  afterEach(() => stopRescue());

  it("gives focus to the menu's button when a confirmation opened from a menu item is cancelled", async () => {
    const user = renderPage();
    const button = screen.getByRole('button', { name: 'Actions for Reports' });
    await user.click(button);
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(button).toHaveFocus());
  });

  it('after a confirmed deletion from a menu, gives focus to the next row, never to the page body', async () => {
    const user = renderPage();
    await user.click(screen.getByRole('button', { name: 'Actions for Care Plan.pdf' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Actions for Care Plan.pdf' })).not.toBeInTheDocument(),
    );
    await waitFor(() => expect(screen.getByRole('button', { name: 'Actions for Reports' })).toHaveFocus());
  });
});
