import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { Providers } from '@/app/providers.tsx';
import { createQueryClient } from '@/lib/query-client.ts';
import { ErrorBoundary } from './error-boundary.tsx';

class BrokenWidgetError extends Error {
  override name = 'BrokenWidgetError';
}

function Broken(): never {
  throw new BrokenWidgetError('The widget could not draw');
}

function renderAt(entries: string[]) {
  const router = createMemoryRouter(
    [
      { path: '/dashboard', element: <h1>Dashboard</h1> },
      { path: '/files', element: <h1>Files</h1> },
      {
        path: '/broken',
        element: (
          <ErrorBoundary>
            <Broken />
          </ErrorBoundary>
        ),
      },
    ],
    { initialEntries: entries, initialIndex: entries.length - 1 },
  );
  render(
    <Providers queryClient={createQueryClient()} env="test">
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

describe('ErrorFallback', () => {
  it("shows 'Uh Oh...' with the error's name and message, then goes back after 10 seconds", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const router = renderAt(['/files', '/broken']);
    expect(await screen.findByText('Uh Oh...')).toBeInTheDocument();
    expect(screen.getByText('BrokenWidgetError')).toBeInTheDocument();
    expect(screen.getByText('The widget could not draw')).toBeInTheDocument();
    expect(screen.getByText('Going back in 10 seconds.')).toBeInTheDocument();

    await act(async () => {
      await vi.advanceTimersByTimeAsync(9_000);
    });
    expect(router.state.location.pathname).toBe('/broken');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1_100);
    });
    expect(router.state.location.pathname).toBe('/files');
  });

  it('goes to the dashboard at once with Go Back Now when there is no earlier page', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const router = renderAt(['/broken']);
    await userEvent.click(await screen.findByRole('button', { name: 'Go Back Now' }));
    expect(router.state.location.pathname).toBe('/dashboard');
  });
});
