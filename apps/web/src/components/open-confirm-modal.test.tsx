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

/**
 * A card whose Remove button asks first, then shows itself busy (Mantine's loading button is disabled) until the
 * server answers, when the card goes, as the saved SpecialtyRx Now credentials do.
 */
function ConfirmThenBusyPage() {
  const [state, setState] = useState<'saved' | 'removing' | 'removed'>('saved');
  return (
    <main id="main-content">
      <h1>Credentials</h1>
      {state === 'removed' ? (
        <p>No credentials</p>
      ) : (
        <Button
          loading={state === 'removing'}
          onClick={() =>
            openConfirmModal({
              title: 'Remove credentials',
              labels: { confirm: 'Remove', cancel: 'Cancel' },
              onConfirm: () => {
                setState('removing');
                window.setTimeout(() => setState('removed'), 300);
              },
            })
          }
        >
          Remove credentials
        </Button>
      )}
    </main>
  );
}

function renderPage(page = <ConfirmFromMenuPage />) {
  const user = userEvent.setup();
  render(
    <MantineProvider>
      <ModalsProvider>{page}</ModalsProvider>
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

  it('when the button that opened it is busy with the answer and then goes, gives focus to the heading, not the body', async () => {
    const user = renderPage(<ConfirmThenBusyPage />);
    await user.click(screen.getByRole('button', { name: 'Remove credentials' }));
    await user.click(await screen.findByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await screen.findByText('No credentials');
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Credentials' })).toHaveFocus());
  });
});
