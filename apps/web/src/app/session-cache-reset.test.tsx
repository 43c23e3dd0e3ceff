import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
// biome-ignore lint/style/noRestrictedImports: the test keeps a draft as the alert dialog does, to see sign-out clear it
import { draftKey, draftsBelongTo, keepDraft, readDraft } from '@/features/alerts/api/action-drafts.ts';
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

describe('SessionCacheReset, when a session expires (401)', () => {
  function renderReset(queryClient: QueryClient) {
    return render(
      <QueryClientProvider client={queryClient}>
        <SessionCacheReset />
      </QueryClientProvider>,
    );
  }
  /** Signs `userId` in: the token, then the signed-in layout telling the drafts whose they are (DraftsOwner). */
  const signIn = (_queryClient: QueryClient, token: string, userId: number) => {
    setToken(token);
    draftsBelongTo(userId);
  };
  const key = draftKey('highCost', 7, 'ask');

  it('keeps the drafts, unseen, for the same user signing in again', () => {
    const queryClient = new QueryClient();
    signIn(queryClient, 'tok-1', 1);
    renderReset(queryClient);
    keepDraft(key, { text: 'Is the generic in stock?' });
    act(() => clearToken('expired'));
    expect(readDraft(key).text).toBe('');
    act(() => signIn(queryClient, 'tok-2', 1));
    expect(readDraft(key).text).toBe('Is the generic in stock?');
  });

  it('drops them when another user signs in', () => {
    const queryClient = new QueryClient();
    signIn(queryClient, 'tok-1', 1);
    renderReset(queryClient);
    keepDraft(key, { text: 'Is the generic in stock?' });
    act(() => clearToken('expired'));
    act(() => signIn(queryClient, 'tok-2', 2));
    expect(readDraft(key).text).toBe('');
    act(() => clearToken('expired'));
    act(() => signIn(queryClient, 'tok-3', 1));
    expect(readDraft(key).text).toBe('');
  });
});
