import { afterEach, describe, expect, it } from 'vitest';
import { rememberPlace, rescueRemovedFocus } from './rescue-focus.ts';

/**
 * A table whose rows themselves take the focus, as the alert tables' rows do: one of them the table's tab stop
 * (tabindex 0), the others reached by the arrow keys (tabindex -1).
 */
function rowTable(): HTMLTableRowElement[] {
  document.body.innerHTML =
    '<main id="main-content"><h1>Alerts</h1><table><tbody>' +
    ['Adams', 'Baker', 'Cole']
      .map(
        (name, index) =>
          `<tr tabindex="${index === 0 ? 0 : -1}" data-name="${name}"><td>${name}</td><td>note</td></tr>`,
      )
      .join('') +
    '</tbody></table></main>';
  return [...document.querySelectorAll<HTMLTableRowElement>('tbody tr')];
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('focus when its row goes, on a table whose rows are the tab stops', () => {
  it('moves to the next row (else the previous) when the focused row is removed, not to the heading', async () => {
    const stop = rescueRemovedFocus();
    const [, baker, cole] = rowTable();
    baker?.focus();
    baker?.remove();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(document.activeElement).toBe(cole);
    cole?.focus();
    cole?.remove();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect((document.activeElement as HTMLElement).dataset.name).toBe('Adams');
    stop();
  });

  it('finds a stand-in for a row that opened a dialog and is gone when it closes', () => {
    const [adams, baker, cole] = rowTable();
    const standIn = rememberPlace(baker);
    expect(standIn()).toBeNull();
    baker?.remove();
    expect(standIn()).toBe(cole);
    cole?.remove();
    expect(standIn()).toBe(adams);
  });
});
