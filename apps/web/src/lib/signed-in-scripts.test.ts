import { TOKEN_STORAGE_KEY } from '@portal/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { startEarlyRequests } from './early-requests.ts';
import { SIGNED_IN_SCRIPTS_META } from './signed-in-scripts.ts';

const preloads = () =>
  [...document.head.querySelectorAll('link')].map(
    (l) => `${l.rel} ${l.getAttribute('as') ?? ''} ${l.getAttribute('href')}`,
  );

function withMeta(content: string) {
  const meta = document.createElement('meta');
  meta.name = SIGNED_IN_SCRIPTS_META;
  meta.content = content;
  document.head.append(meta);
}

afterEach(() => {
  document.head.innerHTML = '';
  window.localStorage.clear();
});

describe('signed-in scripts preload', () => {
  it('preloads the named scripts and stylesheet on a load with a stored token, on any page', () => {
    withMeta('/assets/signed-in-a.js /assets/Button-b.js /assets/signed-in-c.css');
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'tok');
    startEarlyRequests('/files');
    expect(preloads()).toEqual([
      'modulepreload  /assets/signed-in-a.js',
      'modulepreload  /assets/Button-b.js',
      'preload style /assets/signed-in-c.css',
    ]);
    expect([...document.head.querySelectorAll('link')].every((l) => l.crossOrigin === 'anonymous')).toBe(
      true,
    );
  });

  it('preloads nothing without a token, or without the build tag', () => {
    withMeta('/assets/signed-in-a.js');
    startEarlyRequests('/dashboard');
    expect(preloads()).toEqual([]);

    document.head.innerHTML = '';
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'tok');
    startEarlyRequests('/files');
    expect(preloads()).toEqual([]);
  });
});
