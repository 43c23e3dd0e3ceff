import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
// biome-ignore lint/style/noRestrictedImports: every test file's setup; the feature's index.ts would load all its screens
import { clearDetailTab } from '@/features/alerts/api/detail-tab.ts';
import { disposeRenderedApps } from './rendered-apps.ts';

// Whole-app renders load lazy route chunks (the alert screens are large); on a busy two-core machine the
// first one can take longer than Testing Library's default 1 s, and a file's first test (which pays for the chunks'
// first import) was seen past 5 s at a load of 8 to 9. A wait only lasts this long when what it waits for is late.
configure({ asyncUtilTimeout: 10_000 });

// A test file run in Node (`@vitest-environment node`: the server's rendering) has no browser to stub.
if (typeof window !== 'undefined') {
  // Mantine reads media queries and observes sizes; jsdom has neither.
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });

  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  window.ResizeObserver = ResizeObserverStub;
  window.HTMLElement.prototype.scrollIntoView = () => {};

  // jsdom lays nothing out, so every element measures 0 and a virtualised table would render no rows. A
  // desktop-sized box lets TanStack Virtual show its first rows as a browser would.
  Object.defineProperty(window.HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 800 });
  Object.defineProperty(window.HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 1200 });
}

afterEach(async () => {
  cleanup();
  disposeRenderedApps();
  // Each test is a fresh page load: a dialog tab chosen in one (remembered for the tab) is not the next one's.
  clearDetailTab();
  // What the unmount scheduled runs now, while the DOM still exists (once, under load, React's scheduler ran after
  // the file's jsdom was gone: "window is not defined").
  await new Promise((resolve) => setTimeout(resolve, 0));
  if (typeof window !== 'undefined') window.localStorage.clear();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});
