import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
// biome-ignore lint/style/noRestrictedImports: the test keeps a draft as the alert dialog does, to see sign-out clear it
import { draftKey, keepDraft, readDraft } from '@/features/alerts/api/action-drafts.ts';
import { clearToken, setToken } from '@/lib/session-store.ts';
import { SessionCacheReset } from './session-cache-reset.tsx';

describe('SessionCacheReset', () => {
  it('drops cached answers and unsent action drafts when the session ends', () => {
    setToken('tok');
    const queryClient = new QueryClient();
    queryClient.setQueryData(['alerts', 'highCost'], { count: 3 });
    const key = draftKey('highCost', 7, 'ask');
    keepDraft(key, { text: 'Is the generic in stock?' });
    const days = draftKey('highCost', 7, 'submitlimit');
    keepDraft(days, { limitDays: 14 });
    render(
      <QueryClientProvider client={queryClient}>
        <SessionCacheReset />
      </QueryClientProvider>,
    );
    expect(readDraft(key).text).toBe('Is the generic in stock?');
    expect(readDraft(days).limitDays).toBe(14);
    act(() => clearToken());
    expect(queryClient.getQueryData(['alerts', 'highCost'])).toBeUndefined();
    expect(readDraft(key).text).toBe('');
    expect(readDraft(days).limitDays).toBe(0);
  });
});
