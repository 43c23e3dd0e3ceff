/**
 * Chromium moves the focus to <body> when the focused control becomes disabled, as Mantine's Button and ActionIcon
 * do while `loading` (Refresh, Save, Send, 'Show more'), and as a switch or field disabled while its change is saved
 * (Settings > Beta user): a keyboard user loses their place and the focus ring.
 * This watches for exactly that and puts the focus back on the control once it is enabled again, if nothing else
 * has taken the focus meanwhile. A control that goes away (a dialog that closes) is left alone: whoever removed it
 * decides where the focus goes. Answers a function that stops watching.
 */
export function keepFocusThroughLoading(doc: Document = document): () => void {
  let focused: Element | null = doc.activeElement;
  let waiting: HTMLButtonElement | HTMLInputElement | null = null;
  const onFocusIn = (event: FocusEvent) => {
    focused = event.target instanceof Element ? event.target : null;
    waiting = null;
  };
  const hasNoFocus = () => doc.activeElement === null || doc.activeElement === doc.body;
  const observer = new MutationObserver((mutations) => {
    for (const { target } of mutations) {
      if (!(target instanceof HTMLButtonElement || target instanceof HTMLInputElement)) continue;
      // Chromium may drop the focus a moment after the attribute changes: remember the control either way.
      if (target.disabled && target === focused) waiting = target;
      else if (!target.disabled && target === waiting) {
        waiting = null;
        if (target.isConnected && hasNoFocus()) target.focus({ preventScroll: true });
      }
    }
  });
  doc.addEventListener('focusin', onFocusIn);
  observer.observe(doc.body, { subtree: true, attributes: true, attributeFilter: ['disabled'] });
  return () => {
    doc.removeEventListener('focusin', onFocusIn);
    observer.disconnect();
  };
}
