import { Modal, type ModalProps } from '@mantine/core';
import { useWindowEvent } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';

export type OpenModalProps = Omit<ModalProps, 'opened'>;

/** The OpenModals on the page, oldest first: Escape closes only the last (an action dialog over an alert). */
const openModals: symbol[] = [];

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
export function OpenModal({ closeOnEscape = true, onClose, ...props }: OpenModalProps) {
  const [self] = useState(() => Symbol('open modal'));
  const opener = useRef<Element | null | undefined>(undefined);
  // Read in the first render, before the modal takes focus.
  if (opener.current === undefined) opener.current = returnTarget();
  useEffect(() => {
    openModals.push(self);
    return () => {
      openModals.splice(openModals.indexOf(self), 1);
      const element = opener.current;
      if (element instanceof HTMLElement && element !== document.body && element.isConnected)
        element.focus({ preventScroll: true });
    };
  }, [self]);
  useWindowEvent(
    'keydown',
    (event) => {
      if (event.key !== 'Escape' || !closeOnEscape || event.isComposing || openModals.at(-1) !== self) return;
      // A combobox or menu inside the modal that takes its own Escape marks its target so (as Mantine's modal checks).
      const target = event.target instanceof Element ? event.target : null;
      if (target?.getAttribute('data-mantine-stop-propagation') === 'true') return;
      onClose();
    },
    { capture: true },
  );
  return <Modal opened onClose={onClose} closeOnEscape={false} {...props} />;
}
