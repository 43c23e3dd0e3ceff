import { useRef } from 'react';
import { useFocusAfterRender } from './use-focus-after-render.ts';

/**
 * Where the focus goes in a dialog of pending rows (a user's facilities or pharmacies): adding the last choice
 * disables or removes the picker, discarding removes the focused button, saving disables Save. The focus goes to the
 * new row's role, the picker or Close instead of <body>, from where Tab would leave the dialog. The refs go on the
 * dialog's body, its picker, Close and Save; the picker counts only while it is enabled.
 */
export function usePendingRowsFocus() {
  const body = useRef<HTMLDivElement>(null);
  const picker = useRef<HTMLInputElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const saveButton = useRef<HTMLButtonElement>(null);
  const focusAfterRender = useFocusAfterRender();
  const pickerOrClose = () =>
    picker.current && !picker.current.disabled ? picker.current : closeButton.current;
  return {
    refs: { body, picker, closeButton, saveButton },
    /** After Save or a discard: the picker, else Close. */
    toPickerOrClose: (scope: Element | null = null) => focusAfterRender(pickerOrClose, scope),
    /** After a row is added: its role picker (its label 'Role at <name>'). */
    toRoleOf: (name: string) =>
      focusAfterRender(
        () =>
          body.current?.querySelector<HTMLInputElement>(`input[aria-label="Role at ${CSS.escape(name)}"]`),
        body.current,
      ),
  };
}
