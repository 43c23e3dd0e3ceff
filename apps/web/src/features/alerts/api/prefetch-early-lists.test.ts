import { TOKEN_STORAGE_KEY, WIDGETS, widgetByKey } from '@portal/domain';
import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { rememberDashboardWidgets, startEarlyRequests } from '@/lib/early-requests.ts';
import { createQueryClient } from '@/lib/query-client.ts';
import { reloadTokenFromStorage } from '@/lib/session-store.ts';
import { alertFixture, listAnswer } from '@/test/alert-fixtures.ts';
import { FakeApi } from '@/test/fake-api.ts';
import { nurse } from '@/test/fixtures.ts';
import { alertKeys } from './alert-keys.ts';
import { prefetchEarlyLists } from './get-alert-list.ts';

const highCost = widgetByKey('highCost');
const patMissing = widgetByKey('patMissing');

afterEach(() => {
  window.localStorage.clear();
  reloadTokenFromStorage();
});

describe('prefetchEarlyLists', () => {
  it('puts the lists the boot script started into the cache under the cards’ keys, without asking again', async () => {
    const api = new FakeApi()
      .signedIn('tok', nurse())
      .on('GET', highCost.listCall, () => listAnswer(highCost, [alertFixture({ patName: 'Early, Ann' })]))
      .on('GET', patMissing.listCall, () => listAnswer(patMissing, []))
      .install();
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'tok');
    reloadTokenFromStorage();
    rememberDashboardWidgets('highCost,patMissing');
    startEarlyRequests('/dashboard');
    const client = createQueryClient();
    prefetchEarlyLists(client);

    const pages = (key: typeof highCost.key) =>
      client.getQueryData<{ pages: { alerts: { patName: string }[] }[] }>(alertKeys.list(key, {}))?.pages;
    await waitFor(() => expect(pages('highCost')?.[0]?.alerts.map((a) => a.patName)).toEqual(['Early, Ann']));
    await waitFor(() => expect(pages('patMissing')?.[0]?.alerts).toEqual([]));
    // Only the started lists, each answered by its boot request.
    for (const widget of WIDGETS) {
      const started = widget.key === 'highCost' || widget.key === 'patMissing';
      expect(api.callsTo('GET', widget.listCall)).toHaveLength(started ? 1 : 0);
      if (!started) expect(client.getQueryData(alertKeys.list(widget.key, {}))).toBeUndefined();
    }
  });

  it('fetches nothing when the boot script started nothing', () => {
    const api = new FakeApi().install();
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'tok');
    reloadTokenFromStorage();
    const client = createQueryClient();
    prefetchEarlyLists(client);
    expect(api.calls).toHaveLength(0);
    expect(client.getQueryCache().getAll()).toHaveLength(0);
  });
});
