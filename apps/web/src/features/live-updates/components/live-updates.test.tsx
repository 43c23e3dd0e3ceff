import { type AlertEvent, type AnyAlert, API_BASE, ENDPOINTS, WIDGETS, widgetByKey } from '@portal/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { clearToken } from '@/lib/session-store.ts';
import { alertFixture, listAnswer, withOrganisations } from '@/test/alert-fixtures.ts';
import { FakeApi, fail } from '@/test/fake-api.ts';
import { nurse } from '@/test/fixtures.ts';
import { renderApp } from '@/test/render-app.tsx';
import { BACKOFF } from '../api/event-stream.ts';

const authorization = widgetByKey('highCost');
const onlyAuthorization = {
  ...Object.fromEntries(WIDGETS.map((w) => [`widget_${w.key}_Show`, false])),
  widget_highCost_Show: true,
};

interface OpenStream {
  headers: Headers;
  signal: AbortSignal | undefined;
  write: (text: string) => void;
  /** The connection drops. */
  fail?: () => void;
}

/** The fake API, plus `GET /events` answered with a real byte stream the test writes to. */
function serve(alerts: AnyAlert[], count = alerts.length, cursor: string | null = null) {
  const api = withOrganisations(new FakeApi().signedIn('tok', nurse({ userSettings: onlyAuthorization })))
    .on('GET', authorization.listCall, () => listAnswer(authorization, alerts, count, cursor))
    .install();
  const jsonFetch = globalThis.fetch;
  const streams: OpenStream[] = [];
  const server = { refuse: false };
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    if (new URL(String(input), 'http://localhost').pathname !== `${API_BASE}${ENDPOINTS.events}`) {
      return jsonFetch(input, init);
    }
    if (server.refuse) {
      streams.push({ headers: new Headers(init.headers), signal: init.signal ?? undefined, write: () => {} });
      return new Response(JSON.stringify({ message: 'Sign in to continue.', code: 'UNAUTHORIZED' }), {
        status: 401,
        headers: { 'content-type': 'application/json' },
      });
    }
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    const body = new ReadableStream<Uint8Array>({
      start: (c) => {
        controller = c;
      },
    });
    init.signal?.addEventListener('abort', () => controller.error(new DOMException('aborted', 'AbortError')));
    streams.push({
      headers: new Headers(init.headers),
      signal: init.signal ?? undefined,
      write: (text) => controller.enqueue(new TextEncoder().encode(text)),
      fail: () => controller.error(new TypeError('network error')),
    });
    return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
  });
  return { api, streams, server };
}

let nextEventId = 500;
function message(kind: AlertEvent['kind'], alert: AnyAlert): string {
  nextEventId += 1;
  const event: AlertEvent = {
    id: String(nextEventId),
    kind,
    widget: authorization.key,
    facId: 101,
    alertId: alert._internalID,
    at: new Date().toISOString(),
    alert,
  };
  return `id: ${event.id}\nevent: alert\ndata: ${JSON.stringify(event)}\n\n`;
}

describe('LiveUpdates in the signed-in shell', () => {
  it('opens one stream with the bearer and applies its events to the open card without refetching it', async () => {
    const ann = alertFixture({ patName: 'Ann, Read', readByFaci: true });
    const { api, streams } = serve([ann]);
    renderApp('/dashboard', { token: 'tok' });
    const card = await screen.findByRole('region', { name: 'AUTHORIZATION' });
    await within(card).findByText('Ann, Read');
    await waitFor(() => expect(streams).toHaveLength(1));
    const [stream] = streams;
    expect(stream?.headers.get('authorization')).toBe('Bearer tok');
    const listCalls = api.callsTo('GET', authorization.listCall).length;

    const fresh = alertFixture({ patName: 'New, Nina', readByFaci: false });
    act(() => {
      stream?.write('retry: 3000\n\nevent: ready\ndata: {}\n\n');
      stream?.write(message('alert.created', fresh));
    });
    expect(await within(card).findByText('New, Nina')).toBeInTheDocument();
    expect(within(card).getByLabelText('2 alerts')).toBeInTheDocument();
    const rows = within(card).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('New, Nina');

    act(() => {
      stream?.write(
        message('action.recorded', {
          ...ann,
          readByFaci: false,
          hasUnreadReply: true,
          requestedActions: [
            {
              requestActionID: 9,
              action: 'Reply',
              actionComment: 'Faxed to the prescriber.',
              limitDays: null,
              requestedBy: 'Sam Sysadmin',
              isAutomatic: false,
              sentTime: new Date().toISOString(),
              readByFaci: false,
            },
          ],
        }),
      );
    });
    expect(await within(card).findByRole('img', { name: 'Unread reply from pharmacy' })).toBeInTheDocument();

    const archived = message('alert.archived', { ...fresh, archiveDtTm: new Date().toISOString() });
    act(() => {
      stream?.write(archived);
    });
    await waitFor(() => expect(within(card).queryByText('New, Nina')).not.toBeInTheDocument());
    expect(within(card).getByLabelText('1 alerts')).toBeInTheDocument();

    expect(api.callsTo('GET', authorization.listCall)).toHaveLength(listCalls);
    expect(streams).toHaveLength(1);
  });

  it('applies an event once though the stream repeats it (a reconnect’s replay may)', async () => {
    const ann = alertFixture({ patName: 'Ann, Shown' });
    // More alerts than loaded: an archive event for a row not shown takes one off the total.
    const { streams } = serve([ann], 5, 'page-2');
    renderApp('/dashboard', { token: 'tok' });
    const card = await screen.findByRole('region', { name: 'AUTHORIZATION' });
    await within(card).findByText('Ann, Shown');
    await waitFor(() => expect(streams).toHaveLength(1));
    const archived = message('alert.archived', { ...ann, archiveDtTm: new Date().toISOString() });
    act(() => {
      streams[0]?.write('event: ready\ndata: {}\n\n');
      streams[0]?.write(archived);
    });
    await waitFor(() => expect(within(card).queryByText('Ann, Shown')).not.toBeInTheDocument());
    expect(within(card).getByLabelText('4 alerts')).toBeInTheDocument();
    act(() => {
      streams[0]?.write(archived);
      streams[0]?.write(message('alert.created', alertFixture({ patName: 'Later, Lee' })));
    });
    await within(card).findByText('Later, Lee');
    expect(within(card).getByLabelText('5 alerts')).toBeInTheDocument();
  });

  it('on a refused reconnect asks who the token is, so a revoked session ends as any 401 ends it', async () => {
    const { api, streams, server } = serve([alertFixture({ patName: 'Ann, Read' })]);
    const { router } = renderApp('/dashboard', { token: 'tok' });
    await screen.findByRole('region', { name: 'AUTHORIZATION' });
    await waitFor(() => expect(streams).toHaveLength(1));
    const tokenInfoCalls = api.callsTo('GET', ENDPOINTS.tokenInfo).length;

    // The session is revoked: the server ends the stream and refuses the token from now on.
    server.refuse = true;
    api.on('GET', ENDPOINTS.tokenInfo, () => fail(401, 'Sign in to continue.', 'UNAUTHORIZED'));
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    act(() => streams[0]?.write('event: ready\ndata: {}\n\n'));
    streams[0]?.fail?.();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(BACKOFF.baseMs);
    });
    vi.useRealTimers();
    await waitFor(() => expect(streams).toHaveLength(2));
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/login'));
    expect(api.callsTo('GET', ENDPOINTS.tokenInfo).length).toBeGreaterThan(tokenInfoCalls);
    expect(streams).toHaveLength(2);
  });

  it('closes the stream when the session ends', async () => {
    const { streams } = serve([alertFixture({ patName: 'Ann, Read' })]);
    renderApp('/dashboard', { token: 'tok' });
    await screen.findByRole('region', { name: 'AUTHORIZATION' });
    await waitFor(() => expect(streams).toHaveLength(1));
    expect(streams[0]?.signal?.aborted).toBe(false);
    act(() => clearToken());
    await waitFor(() => expect(streams[0]?.signal?.aborted).toBe(true));
    expect(streams).toHaveLength(1);
  });
});
