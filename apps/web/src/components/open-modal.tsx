import { Modal, type ModalProps } from '@mantine/core';
import { useWindowEvent } from '@mantine/hooks';
// biome-ignore lint/style/noRestrictedImports: this file is the one way to Mantine's modals manager.
import { modals } from '@mantine/modals';
import { useEffect, useRef, useState } from 'react';
import { useIsBrowser } from '@/hooks/use-is-browser.ts';
import { focusFallback, OPEN_MODAL_ATTRIBUTE, rememberPlace, topDialog } from '@/lib/rescue-focus.ts';

export type OpenModalProps = Omit<ModalProps, 'opened'>;

/**
 * The OpenModals and confirmations (openConfirmModal below) on the page, oldest first: Escape closes only the last
 * (an action dialog over an alert, a confirmation over the dialog that asked for it).
 */
const openModals: symbol[] = [];

/** Takes a modal off the stack; one already gone leaves the others as they are (splice(-1) would drop the newest). */
function forget(self: symbol): void {
  const index = openModals.indexOf(self);
  if (index >= 0) openModals.splice(index, 1);
}

/**
 * Gives focus back to `element` if it is still on the page (and not behind a dialog still open) and can take it, else
 * to its stand-in (`standIn`, from rememberPlace: the next row's control when its row was deleted), else the fallback.
 * A button busy with the answer to what was confirmed (Mantine's loading button is disabled) cannot take it: the
 * focus stayed on the page's body, and when that button then went (removed credentials) nothing noticed.
 */
function giveFocusBack(element: Element | null | undefined, standIn: () => HTMLElement | null): void {
  const dialog = topDialog();
  if (
    element instanceof HTMLElement &&
    element !== document.body &&
    element.isConnected &&
    (!dialog || dialog.contains(element))
  ) {
    element.focus({ preventScroll: true });
    if (document.activeElement === element) return;
  }
  const target = standIn();
  if (target && (!dialog || dialog.contains(target))) target.focus({ preventScroll: true });
  else focusFallback();
}

type ConfirmSettings = Parameters<typeof modals.openConfirmModal>[0];

/**
 * `modals.openConfirmModal` for this app: the confirmation joins the OpenModals' stack, so Escape closes it alone and
 * not also the dialog it was opened from; when it goes (by a button, Escape or its close button) focus goes back to
 * what opened it, or, if that is gone, into the dialog under it (else the page's heading). `onCancel` also runs when
 * it is dismissed without a choice, so a caller waiting on an answer (a blocked navigation) always gets one.
 */
export function openConfirmModal(settings: ConfirmSettings): string {
  const self = Symbol('confirmation');
  const opener = returnTarget();
  const standIn = rememberPlace(opener);
  let answered = false;
  openModals.push(self);
  return modals.openConfirmModal({
    ...settings,
    onConfirm: () => {
      answered = true;
      settings.onConfirm?.();
    },
    onCancel: () => {
      answered = true;
      settings.onCancel?.();
    },
    onClose: () => {
      if (!answered) settings.onCancel?.();
      settings.onClose?.();
      // Left on the stack until this key press has reached every listener: the dialog under it must not take it too.
      window.setTimeout(() => forget(self));
      // The confirmation keeps the focus while it fades out, and drops it to the page's body when it goes; Mantine
      // then returns it to what had it at the opening, which for a menu item is gone with its menu. So look once the
      // fading dialog has gone, after Mantine's own return of focus (10 ms).
      const fading = document.activeElement?.closest('[role="dialog"]') ?? null;
      const closedAt = Date.now();
      const check = () => {
        if (fading?.isConnected && Date.now() - closedAt < 10_000) {
          window.setTimeout(check, 20);
          return;
        }
        const active = document.activeElement;
        const dialog = topDialog();
        const lost = !active || active === document.body || !active.isConnected;
        if (lost || (dialog && !dialog.contains(active))) giveFocusBack(opener, standIn);
      };
      window.setTimeout(check, 20);
    },
  });
}

/**
 * What should get focus back when the modal goes: what has it now, or, for an item of a menu that closes as the
 * modal opens, the button of that menu (the element whose aria-controls names it).
 */
function returnTarget(): Element | null {
  const active = document.activeElement;
  const menu = active?.closest('[role="menu"]');
  if (!menu?.id) return active;
  const button = [...document.querySelectorAll('[aria-controls]')].find(
    (element) => element.getAttribute('aria-controls') === menu.id,
  );
  return button ?? active;
}

/**
 * A Mantine Modal for the way this app shows them: mounted open when asked for, removed when closed. Two things
 * Mantine's Modal does not do for such a modal outside a Modal.Stack:
 * - focus: Mantine returns it only when `opened` turns false, which this modal never sees, so a keyboard user was
 *   left on the page's body after every close. This one remembers what had focus when it opened (the row, the
 *   button, the button of the menu whose item opened it) and gives focus back to it when it goes, if that element is
 *   still on the page;
 * - Escape: every open Mantine modal closed on the same key press, so Escape in an action dialog closed the alert
 *   under it too. Here Escape closes the newest one only.
 */
export function OpenModal(props: OpenModalProps) {
  // A modal is the browser's alone: a page the server draws with one named in its address (a widget page's
  // ?alert=) is drawn without it, and the modal opens once the app has taken the page over.
  return useIsBrowser() ? <MountedModal {...props} /> : null;
}

function MountedModal({ closeOnEscape = true, onClose, ...props }: OpenModalProps) {
  const [self] = useState(() => Symbol('open modal'));
  const opener = useRef<Element | null | undefined>(undefined);
  // Read in the first render, before the modal takes focus.
  if (opener.current === undefined) opener.current = returnTarget();
  const [standIn] = useState(() => rememberPlace(opener.current));
  useEffect(() => {
    openModals.push(self);
    return () => {
      forget(self);
      giveFocusBack(opener.current, standIn);
    };
  }, [self, standIn]);
  useWindowEvent(
    'keydown',
    (event) => {
      if (event.key !== 'Escape' || !closeOnEscape || event.isComposing || openModals.at(-1) !== self) return;
      // A combobox or menu inside the modal that takes its own Escape marks its target so (as Mantine's modal checks).
      const target = event.target instanceof Element ? event.target : null;
      if (target?.getAttribute('data-mantine-stop-propagation') === 'true') return;
      // A popover opened from inside the modal (the release note editor's link field) closes itself on Escape; the
      // modal closing too threw away everything typed in it.
      if (target?.closest('.mantine-Popover-dropdown')) return;
      onClose();
    },
    { capture: true },
  );
  return (
    <Modal opened onClose={onClose} closeOnEscape={false} {...{ [OPEN_MODAL_ATTRIBUTE]: true }} {...props} />
  );
}
