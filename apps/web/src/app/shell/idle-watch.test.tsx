import {
  CLIENT_CONFIG_PATH,
  ClientConfigSchema,
  DEFAULT_CLIENT_CONFIG,
  ENDPOINTS,
  TOKEN_STORAGE_KEY,
} from '@portal/domain';
import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FakeApi, ok } from '@/test/fake-api.ts';
import { nurse } from '@/test/fixtures.ts';
import { currentPath, renderApp } from '@/test/render-app.tsx';

// A short configuration so the test reads like the real thing: 5 s idle, then a 3 s countdown.
function shortIdleApi() {
  return new FakeApi()
    .on('GET', CLIENT_CONFIG_PATH, () =>
      ok(ClientConfigSchema, { ...DEFAULT_CLIENT_CONFIG, idleTimeoutSeconds: 5, idleCountdownSeconds: 3 }),
    )
    .signedIn('tok', nurse())
    .install();
}

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

describe('IdleWatch', () => {
  it('opens after the configured idle time and signs out when the countdown ends', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = shortIdleApi();
    const app = renderApp('/dashboard', { token: 'tok', advanceTimers: vi.advanceTimersByTime });
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.queryByText("You've been idle for 5 seconds")).not.toBeInTheDocument();

    await advance(5_100);
    expect(await screen.findByText("You've been idle for 5 seconds")).toBeInTheDocument();
    expect(screen.getByTestId('idle-countdown')).toHaveTextContent('0:03');
    expect(screen.getByRole('button', { name: 'Log out now' })).toBeInTheDocument();

    await advance(3_100);
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(currentPath(app.router)).toBe('/account/login');
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(api.callsTo('POST', ENDPOINTS.logout)).toHaveLength(1);
    expect(await screen.findByText('User Logged Out')).toBeInTheDocument();
    // The keyboard goes on from the sign-in page's heading, not the body of the page that went.
    await vi.waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Sign in' })).toHaveFocus());
  });

  it('keeps the session with Stay Active and starts the idle time again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = shortIdleApi();
    const app = renderApp('/dashboard', { token: 'tok', advanceTimers: vi.advanceTimersByTime });
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });

    await advance(5_100);
    await app.user.click(await screen.findByRole('button', { name: 'Stay Active' }));
    expect(screen.queryByText("You've been idle for 5 seconds")).not.toBeInTheDocument();

    await advance(4_000);
    expect(currentPath(app.router)).toBe('/dashboard');
    expect(api.callsTo('POST', ENDPOINTS.logout)).toHaveLength(0);
    expect(screen.queryByText("You've been idle for 5 seconds")).not.toBeInTheDocument();
    await advance(1_500);
    expect(await screen.findByText("You've been idle for 5 seconds")).toBeInTheDocument();
  });

  it('signs out at once with Log out now', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    shortIdleApi();
    const app = renderApp('/dashboard', { token: 'tok', advanceTimers: vi.advanceTimersByTime });
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    await advance(5_100);
    await app.user.click(await screen.findByRole('button', { name: 'Log out now' }));
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('titles the default configuration in words', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    new FakeApi().signedIn('tok', nurse()).install();
    renderApp('/dashboard', { token: 'tok', advanceTimers: vi.advanceTimersByTime });
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    await advance(7200 * 1000 + 100);
    expect(await screen.findByText("You've been idle for 2 hours")).toBeInTheDocument();
    expect(screen.getByTestId('idle-countdown')).toHaveTextContent('10:00');
  });
});
