import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { draftKey, keepDraft, readDraft } from '@/features/alerts/api/action-drafts.ts';
import { clearToken, setToken } from '@/lib/session-store.ts';
import { SessionCacheReset } from './session-cache-reset.tsx';

describe('SessionCacheReset', () => {
  it('drops cached answers and unsent action drafts when the session ends', () => {
    setToken('tok');
    const queryClient = new QueryClient();
    queryClient.setQueryData(['alerts', 'highCost'], { count: 3 });
    const key = draftKey('highCost', 7, 'ask');
    keepDraft(key, 'Is the generic in stock?');
    render(
      <QueryClientProvider client={queryClient}>
        <SessionCacheReset />
      </QueryClientProvider>,
    );
    expect(readDraft(key)).toBe('Is the generic in stock?');
    act(() => clearToken());
    expect(queryClient.getQueryData(['alerts', 'highCost'])).toBeUndefined();
    expect(readDraft(key)).toBe('');
  });
});
