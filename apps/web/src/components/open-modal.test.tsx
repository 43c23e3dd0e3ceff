import { Button, MantineProvider, Menu, Popover, TextInput } from '@mantine/core';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ReactNode, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { OpenModal } from './open-modal.tsx';

function Page() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Open details</Button>
      {open ? (
        <OpenModal onClose={() => setOpen(false)} title="Details">
          <Button onClick={() => setOpen(false)}>Done</Button>
        </OpenModal>
      ) : null}
    </>
  );
}

function MenuPage() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Menu>
        <Menu.Target>
          <Button>Actions</Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item onClick={() => setOpen(true)}>Edit</Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {open ? (
        <OpenModal onClose={() => setOpen(false)} title="Edit">
          <Button onClick={() => setOpen(false)}>Done</Button>
        </OpenModal>
      ) : null}
    </>
  );
}

function Nested() {
  const [outer, setOuter] = useState(false);
  const [inner, setInner] = useState(false);
  return (
    <>
      <Button onClick={() => setOuter(true)}>Open alert</Button>
      {outer ? (
        <OpenModal onClose={() => setOuter(false)} title="Alert">
          <Button onClick={() => setInner(true)}>Discuss</Button>
        </OpenModal>
      ) : null}
      {inner ? (
        <OpenModal onClose={() => setInner(false)} title="Discuss">
          <Button onClick={() => setInner(false)}>Cancel</Button>
        </OpenModal>
      ) : null}
    </>
  );
}

/** A dialog with a popover form in it, as the release note editor's link field is. */
function WithPopover() {
  const [open, setOpen] = useState(true);
  return open ? (
    <OpenModal onClose={() => setOpen(false)} title="Add release note">
      <Popover trapFocus>
        <Popover.Target>
          <Button>Link</Button>
        </Popover.Target>
        <Popover.Dropdown>
          <TextInput aria-label="Enter URL" />
        </Popover.Dropdown>
      </Popover>
    </OpenModal>
  ) : null;
}

function renderWithUser(ui: ReactNode) {
  const user = userEvent.setup();
  render(<MantineProvider>{ui}</MantineProvider>);
  return user;
}

/** Presses Escape and waits until the dialog of that name is gone. */
async function escapeFrom(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('dialog', { name })).not.toBeInTheDocument());
}

describe('OpenModal', () => {
  it('gives focus back to what opened it when it closes, by Escape or by a button', async () => {
    const user = renderWithUser(<Page />);
    const opener = screen.getByRole('button', { name: 'Open details' });
    await user.click(opener);
    expect(await screen.findByRole('dialog', { name: 'Details' })).toBeInTheDocument();
    await escapeFrom(user, 'Details');
    expect(opener).toHaveFocus();

    await user.click(opener);
    await user.click(await screen.findByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(opener).toHaveFocus();
  });

  it("gives focus to the menu's button when a menu item opened it", async () => {
    const user = renderWithUser(<MenuPage />);
    const button = screen.getByRole('button', { name: 'Actions' });
    await user.click(button);
    await user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    expect(await screen.findByRole('dialog', { name: 'Edit' })).toBeInTheDocument();
    await escapeFrom(user, 'Edit');
    expect(button).toHaveFocus();
  });

  it('closes only the newest of two open modals on Escape, and focus goes back inside the first', async () => {
    const user = renderWithUser(<Nested />);
    const opener = screen.getByRole('button', { name: 'Open alert' });
    await user.click(opener);
    const discuss = await screen.findByRole('button', { name: 'Discuss' });
    await user.click(discuss);
    expect(await screen.findByRole('dialog', { name: 'Discuss' })).toBeInTheDocument();
    await escapeFrom(user, 'Discuss');
    expect(screen.getByRole('dialog', { name: 'Alert' })).toBeInTheDocument();
    expect(discuss).toHaveFocus();
    await escapeFrom(user, 'Alert');
    expect(opener).toHaveFocus();
  });

  it('leaves a popover inside it to Escape, rather than closing itself and what was typed in it', async () => {
    const user = renderWithUser(<WithPopover />);
    await user.click(await screen.findByRole('button', { name: 'Link' }));
    const url = await screen.findByRole('textbox', { name: 'Enter URL' });
    await user.click(url);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Enter URL' })).not.toBeInTheDocument());
    expect(screen.getByRole('dialog', { name: 'Add release note' })).toBeInTheDocument();
    await escapeFrom(user, 'Add release note');
  });
});
