import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useDialogAddress } from './use-dialog-address.ts';

function Page() {
  const dialog = useDialogAddress();
  return (
    <>
      <button type="button" onClick={() => dialog.open({ d: '1' })}>
        Open
      </button>
      {dialog.params.get('d') ? (
        <button
          type="button"
          onClick={() => {
            // Its close button and an answer that closes it too, before the address changes.
            dialog.close({});
            dialog.close({});
          }}
        >
          Close twice
        </button>
      ) : null}
    </>
  );
}

function renderAt(entries: string[]) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <p>Before</p> },
      { path: '/page', element: <Page /> },
    ],
    { initialEntries: entries, initialIndex: entries.length - 1 },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('useDialogAddress', () => {
  it('closes a dialog it opened by going back from its entry, once however often it is closed', async () => {
    const router = renderAt(['/', '/page']);
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(router.state.location.search).toBe('?d=1');
    await userEvent.click(screen.getByRole('button', { name: 'Close twice' }));
    expect(router.state.location.pathname).toBe('/page');
    expect(router.state.location.search).toBe('');
    // One Back leaves the page: closing left no entry naming the dialog behind it.
    await act(() => router.navigate(-1));
    expect(router.state.location.pathname).toBe('/');
  });

  it('closes a dialog reached by a link by replacing its entry', async () => {
    const router = renderAt(['/', '/page?d=1']);
    await userEvent.click(screen.getByRole('button', { name: 'Close twice' }));
    expect(router.state.location.pathname).toBe('/page');
    expect(router.state.location.search).toBe('');
    await act(() => router.navigate(-1));
    expect(router.state.location.pathname).toBe('/');
  });
});
