import { afterEach, describe, expect, it } from 'vitest';
import { keepFocusThroughLoading } from './keep-focus.ts';

// jsdom keeps the focus on a disabled button (and ignores blur() on one); Chromium drops it to <body>, which a
// blur() just before disabling stands in for here. e2e/alerts.e2e.ts checks the real thing in Chromium.
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('keepFocusThroughLoading', () => {
  let stop = () => {};
  afterEach(() => {
    stop();
    document.body.replaceChildren();
  });

  const setUp = () => {
    const refresh = document.createElement('button');
    const other = document.createElement('input');
    document.body.append(refresh, other);
    stop = keepFocusThroughLoading(document);
    refresh.focus();
    return { refresh, other };
  };

  it('puts the focus back on a control once its loading ends', async () => {
    const { refresh } = setUp();
    refresh.blur();
    refresh.disabled = true;
    await settle();
    expect(document.activeElement).toBe(document.body);
    refresh.disabled = false;
    await settle();
    expect(document.activeElement).toBe(refresh);
  });

  it('puts the focus back on a switch disabled while its change is saved (Settings > Beta user)', async () => {
    setUp();
    const beta = document.createElement('input');
    beta.type = 'checkbox';
    beta.setAttribute('role', 'switch');
    document.body.append(beta);
    beta.focus();
    beta.blur();
    beta.disabled = true;
    await settle();
    beta.disabled = false;
    await settle();
    expect(document.activeElement).toBe(beta);
  });

  it('leaves the focus where the user has put it meanwhile, and a control that went away', async () => {
    const { refresh, other } = setUp();
    refresh.disabled = true;
    await settle();
    other.focus();
    refresh.disabled = false;
    await settle();
    expect(document.activeElement).toBe(other);

    refresh.focus();
    refresh.blur();
    refresh.disabled = true;
    await settle();
    refresh.remove();
    refresh.disabled = false;
    await settle();
    expect(document.activeElement).toBe(document.body);
  });
});
