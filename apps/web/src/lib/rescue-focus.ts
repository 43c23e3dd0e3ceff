/** Marks the OpenModals' dialogs (components/open-modal.tsx), so that focus can go back into the one on top. */
export const OPEN_MODAL_ATTRIBUTE = 'data-open-modal';

const TABBABLE =
  'button:not([disabled]), [href], input:not([disabled]):not([type="hidden"]), select:not([disabled]), ' +
  'textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';
/** A row of a table or list, or a tile of a grid (marked with data-focus-row): its neighbours stand in for it. */
const ROW = 'tr, [role="row"], [data-focus-row]';
const CELL = 'td, th, [role="cell"], [role="gridcell"]';

function tabbables(root: Element): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(TABBABLE)].filter((e) => !e.closest('[inert]'));
}

/**
 * A row's focus stops: the row itself first when it takes the focus (an alert table's rows, one of them the table's
 * tab stop and the others reached by the arrow keys: tabindex 0 or -1), then the controls inside it.
 */
function rowTabbables(row: Element): HTMLElement[] {
  const own =
    row instanceof HTMLElement && row.hasAttribute('tabindex') && !row.closest('[inert]') ? [row] : [];
  return [...own, ...tabbables(row)];
}

/** The dialog of the newest OpenModal still on the page, if any. */
export function topDialog(): HTMLElement | null {
  const root = [...document.querySelectorAll<HTMLElement>(`[${OPEN_MODAL_ATTRIBUTE}]`)].at(-1);
  if (!root) return null;
  return root.querySelector<HTMLElement>('[role="dialog"]') ?? root;
}

/**
 * Where focus goes when the element that had it, or should get it back, is gone (the row just deleted): into the
 * dialog still open, else the page's main heading (made focusable), else its main region.
 */
export function focusFallback(): void {
  const dialog = topDialog();
  if (dialog) {
    (tabbables(dialog)[0] ?? dialog).focus({ preventScroll: true });
    return;
  }
  focusPageHeading();
}

/**
 * Puts the focus on the page's main heading (made focusable) or, without one, its main region: the fallback above,
 * and the new page after a navigation (use-focus-page-on-navigate).
 */
export function focusPageHeading(): void {
  const main = document.getElementById('main-content');
  const heading = main?.querySelector<HTMLElement>('h1') ?? null;
  const target = heading ?? main;
  if (target && !target.hasAttribute('tabindex')) target.tabIndex = -1;
  target?.focus({ preventScroll: true });
}

/** Frames to wait for the new page's heading (a lazily loaded page shows a loader first): about 2 s. */
const MAX_FRAMES = 120;

const isTextField = (element: Element | null) =>
  element instanceof HTMLInputElement ||
  element instanceof HTMLTextAreaElement ||
  element instanceof HTMLSelectElement ||
  (element instanceof HTMLElement && element.isContentEditable);

/**
 * Puts the focus on the page's heading once the page has drawn it (waiting up to MAX_FRAMES; then its main
 * region), unless the page has put it in a field of its own or opened with a dialog. Answers a function that stops
 * waiting.
 */
export function focusPageWhenDrawn(): () => void {
  let frames = 0;
  let handle = 0;
  const attempt = () => {
    // A page may open with a dialog (a widget page's link to an alert): the focus is the dialog's.
    if (isTextField(document.activeElement) || topDialog()) return;
    if (!document.querySelector('#main-content h1') && frames++ < MAX_FRAMES) {
      handle = requestAnimationFrame(attempt);
      return;
    }
    focusPageHeading();
  };
  handle = requestAnimationFrame(attempt);
  return () => cancelAnimationFrame(handle);
}

function elementSibling(node: Node | null, forward: boolean): Element | null {
  let current = node;
  while (current && !(current instanceof Element))
    current = forward ? current.nextSibling : current.previousSibling;
  return current;
}

/** The same control (by position) in the next row, else the previous one, of a row that was removed. */
function neighbourOfRemovedRow(record: MutationRecord, row: Element, element: Element): HTMLElement | null {
  const index = Math.max(0, rowTabbables(row).indexOf(element as HTMLElement));
  for (const sibling of [
    elementSibling(record.nextSibling, true),
    elementSibling(record.previousSibling, false),
  ]) {
    if (!sibling?.matches(ROW)) continue;
    const controls = rowTabbables(sibling);
    const target = controls[index] ?? controls[0];
    if (target) return target;
  }
  return null;
}

/** For a control removed from a row that stays (a key's Revoke button): that column's control in a nearby row. */
function neighbourInColumn(record: MutationRecord): HTMLElement | null {
  const parent = record.target instanceof Element ? record.target : null;
  const row = parent?.closest(ROW);
  const cell = parent?.closest(CELL);
  if (!row || !cell) return null;
  const column = [...row.children].indexOf(cell);
  const controlAt = (other: Element | null) =>
    other ? tabbables(other.children[column] ?? other)[0] : undefined;
  for (let next = row.nextElementSibling; next; next = next.nextElementSibling) {
    const target = controlAt(next);
    if (target) return target;
  }
  for (let previous = row.previousElementSibling; previous; previous = previous.previousElementSibling) {
    const target = controlAt(previous);
    if (target) return target;
  }
  return null;
}

/**
 * Remembers where `element` sits (its row, its position in the row, the rows around it) and answers a function that,
 * once `element` is gone, finds its stand-in: the same control of the next row still on the page, else of the
 * previous one (a deleted row), or, if its row is still there, the same column's control in a nearby row (a revoked
 * key's Revoke button). Null when there is none or `element` is in no row.
 */
export function rememberPlace(element: Element | null | undefined): () => HTMLElement | null {
  const row = element?.closest(ROW);
  if (!element || !row) return () => null;
  const index = Math.max(0, rowTabbables(row).indexOf(element as HTMLElement));
  const cell = element.closest(CELL);
  const column = cell ? [...row.children].indexOf(cell) : -1;
  const after: Element[] = [];
  const before: Element[] = [];
  for (let next = row.nextElementSibling; next; next = next.nextElementSibling) after.push(next);
  for (let previous = row.previousElementSibling; previous; previous = previous.previousElementSibling)
    before.push(previous);
  return () => {
    if (row.isConnected) {
      if (column < 0) return null;
      for (const other of [...after, ...before]) {
        const target = other.isConnected ? tabbables(other.children[column] ?? other)[0] : undefined;
        if (target) return target;
      }
      return null;
    }
    for (const other of [...after, ...before]) {
      if (!other.isConnected) continue;
      const controls = rowTabbables(other);
      const target = controls[index] ?? controls[0];
      if (target) return target;
    }
    return null;
  };
}

/**
 * When the focused element is removed from the page (a deleted row's Actions button, a revoked key's Revoke button,
 * a notice's last button), browsers put focus on <body> and the next Tab starts over at the top. This moves it to a
 * sensible neighbour instead: the same control of the next row (else the previous one), else the page's heading or
 * the dialog still open. A removed dialog is left alone: its opener gets focus back (OpenModal, Mantine's modals).
 * Answers a function that stops watching.
 */
export function rescueRemovedFocus(doc: Document = document): () => void {
  let focused: Element | null = doc.activeElement;
  const onFocusIn = (event: FocusEvent) => {
    focused = event.target instanceof Element ? event.target : null;
  };
  const observer = new MutationObserver((records) => {
    const element = focused;
    const active = doc.activeElement;
    if (!element || element.isConnected || (active && active !== doc.body)) return;
    focused = null;
    for (const record of records) {
      for (const node of record.removedNodes) {
        if (!(node instanceof Element) || !(node === element || node.contains(element))) continue;
        if (node.matches('[role="dialog"]') || node.querySelector('[role="dialog"]')) return;
        const target = node.matches(ROW)
          ? neighbourOfRemovedRow(record, node, element)
          : neighbourInColumn(record);
        if (target) target.focus({ preventScroll: true });
        else focusFallback();
        return;
      }
    }
    focusFallback();
  });
  doc.addEventListener('focusin', onFocusIn);
  observer.observe(doc.body, { subtree: true, childList: true });
  return () => {
    doc.removeEventListener('focusin', onFocusIn);
    observer.disconnect();
  };
}
