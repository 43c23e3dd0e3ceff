import { APP_LIVE_EVENT, SERVER_RENDERED_ATTRIBUTE } from '@portal/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { holdEarlyClicks, releaseEarlyClicks } from './early-clicks.ts';

// The app's handlers stand in as React's do: one listener on the root, reached by bubbling. e2e/boot.e2e.ts clicks
// a real drawn dashboard in Chromium before its scripts have run.
describe('holdEarlyClicks', () => {
  afterEach(() => {
    releaseEarlyClicks();
    document.body.replaceChildren();
  });

  /** A drawn root with a row, a button and a link, and the clicks the "app" saw, by element. */
  function drawnPage() {
    const root = document.createElement('div');
    root.id = 'root';
    root.setAttribute(SERVER_RENDERED_ATTRIBUTE, '');
    root.innerHTML =
      '<table><tbody><tr tabindex="0" id="row"><td id="cell">Ann</td></tr></tbody></table>' +
      '<button id="refresh">Refresh</button><a id="link" href="#widget">Open</a>';
    const outside = document.createElement('button');
    document.body.append(root, outside);
    const seen: string[] = [];
    root.addEventListener('click', (event) => {
      seen.push((event.target as Element).id);
    });
    holdEarlyClicks(document);
    const byId = (id: string) => document.getElementById(id) as HTMLElement;
    // As lib/hydration-state.ts says the app is live.
    const hydrate = () => {
      root.removeAttribute(SERVER_RENDERED_ATTRIBUTE);
      document.dispatchEvent(new Event(APP_LIVE_EVENT));
    };
    return { root, outside, seen, byId, hydrate };
  }

  it('holds a click on the drawn page and gives the last one to its element once the app has taken over', () => {
    const { seen, byId, hydrate } = drawnPage();
    byId('refresh').click();
    byId('cell').click();
    expect(seen).toEqual([]);
    expect(document.documentElement.style.cursor).toBe('progress');
    hydrate();
    expect(seen).toEqual(['cell']);
    expect(document.documentElement.style.cursor).toBe('');
    // Released: later clicks go straight through, once each.
    byId('refresh').click();
    expect(seen).toEqual(['cell', 'refresh']);
  });

  it('holds Enter and Space on a focused row as its click, and leaves other keys alone', () => {
    const { seen, byId, hydrate } = drawnPage();
    const row = byId('row');
    const letter = new KeyboardEvent('keydown', { key: 'a', bubbles: true, cancelable: true });
    row.dispatchEvent(letter);
    expect(letter.defaultPrevented).toBe(false);
    const enter = new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true });
    row.dispatchEvent(enter);
    expect(enter.defaultPrevented).toBe(true);
    hydrate();
    expect(seen).toEqual(['row']);
  });

  it('leaves links, clicks outside the root and pages the app draws itself to the browser', () => {
    const { root, outside, seen, byId, hydrate } = drawnPage();
    const link = new MouseEvent('click', { bubbles: true, cancelable: true });
    byId('link').dispatchEvent(link);
    expect(link.defaultPrevented).toBe(false);
    expect(seen).toEqual(['link']);
    const away = new MouseEvent('click', { bubbles: true, cancelable: true });
    outside.dispatchEvent(away);
    expect(away.defaultPrevented).toBe(false);
    hydrate();
    // An undrawn root (the sign-in page, a page drawn in the browser): nothing is held.
    root.removeAttribute(SERVER_RENDERED_ATTRIBUTE);
    holdEarlyClicks(document);
    byId('refresh').click();
    expect(seen).toEqual(['link', 'refresh']);
  });

  it('drops the held click when the app draws the page anew instead of keeping the drawn elements', () => {
    const { root, seen, byId } = drawnPage();
    byId('row').click();
    // Another session's page: the app throws the markup away and draws its own.
    root.replaceChildren();
    root.removeAttribute(SERVER_RENDERED_ATTRIBUTE);
    document.dispatchEvent(new Event(APP_LIVE_EVENT));
    expect(seen).toEqual([]);
    expect(document.documentElement.style.cursor).toBe('');
  });

  it('lets go when a script of the app fails to load: the pointer comes back and the click is not given later', () => {
    const { seen, byId, hydrate } = drawnPage();
    byId('row').click();
    expect(document.documentElement.style.cursor).toBe('progress');
    // An image that fails is not the app's script: still holding.
    const image = document.createElement('img');
    document.head.append(image);
    image.dispatchEvent(new Event('error'));
    expect(document.documentElement.style.cursor).toBe('progress');
    const script = document.createElement('script');
    document.head.append(script);
    script.dispatchEvent(new Event('error'));
    expect(document.documentElement.style.cursor).toBe('');
    byId('refresh').click();
    expect(seen).toEqual(['refresh']);
    hydrate();
    expect(seen).toEqual(['refresh']);
    image.remove();
    script.remove();
  });
});
