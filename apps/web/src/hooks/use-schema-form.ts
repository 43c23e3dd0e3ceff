import { zodResolver } from '@hookform/resolvers/zod';
import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import {
  type DefaultValues,
  type FieldValues,
  type Path,
  type UseFormReturn,
  useForm,
} from 'react-hook-form';
import type { z } from 'zod';
import { isApiError } from '@/lib/api-error.ts';
import { firstInvalidField, useFocusAfterRender } from './use-focus-after-render.ts';

/** A zod object schema over form fields (refinements allowed), as the domain's form schemas are. */
type FormSchema = z.ZodType<FieldValues, FieldValues>;

/**
 * react-hook-form over one of the domain's form schemas: checked on submit, then again as the user corrects a field;
 * the submit handler receives the schema's output. `field(name)` spreads into a Mantine input (its registration and
 * its error message), and `setFieldErrors` puts the server's per-field messages (a 400's `fields`) under the same
 * inputs, the first of them taking the focus.
 */
export function useSchemaForm<S extends FormSchema>(schema: S, defaultValues: z.input<S>) {
  const form = useForm<z.input<S>, unknown, z.output<S>>({
    resolver: zodResolver(schema),
    defaultValues: defaultValues as DefaultValues<z.input<S>>,
    shouldFocusError: false,
  });
  useFocusFirstInvalid(form);
  const field = formField(form);
  const setFieldErrors = (fields: Record<string, string>) => {
    // The first refused field takes the cursor, as after a failed check on submit, so a screen reader reads the
    // server's reason (a wrong current password) at the field to correct; unless the user has moved elsewhere.
    const active = document.activeElement;
    const mayMove = !active || active === document.body || active.closest('form') !== null;
    Object.entries(fields).forEach(([name, message], index) => {
      form.setError(
        name as Path<z.input<S>>,
        { type: 'server', message },
        { shouldFocus: mayMove && index === 0 },
      );
    });
  };
  return { form, field, setFieldErrors };
}

/**
 * `field(name)` of any react-hook-form form, for the few forms `useSchemaForm` cannot serve (e.g. one whose schema is
 * picked at run time): the input's registration and its error message, to spread into a Mantine input.
 */
export function formField<T extends FieldValues, O>(form: UseFormReturn<T, unknown, O>) {
  return (name: Path<T>) => ({
    ...form.register(name),
    error: form.formState.errors[name]?.message as string | undefined,
  });
}

/**
 * After a submit that failed validation, once the messages have rendered, the cursor goes to the first invalid field
 * in the page's order, whose message Mantine links to it (aria-describedby), so a screen reader reads it. Give
 * `useForm` `shouldFocusError: false`: react-hook-form focuses by registration order, in which a form's own text
 * inputs (registered in its render) come before the dropdowns its `Controller`s register, so 'Display name' was
 * focused above an empty Facility. Focus moves only if it is still in the form (on the submit button).
 */
export function useFocusFirstInvalid<T extends FieldValues, O>(form: UseFormReturn<T, unknown, O>) {
  const { submitCount, isSubmitSuccessful } = form.formState;
  useEffect(() => {
    if (submitCount === 0 || isSubmitSuccessful) return;
    firstInvalidField(document.activeElement?.closest('form'))?.focus();
  }, [submitCount, isSubmitSuccessful]);
}

/** What `field(name)` answers: spread into a Mantine input. */
export type SchemaField = ReturnType<ReturnType<typeof useSchemaForm>['field']>;

/**
 * For a dialog that stays open for the next entry ('Create and Add Another'): call the answer after `form.reset`,
 * and once the emptied form has rendered the cursor is in `name`. (Focusing in the same task as the reset finds
 * the old inputs.)
 */
export function useFocusAfterReset<T extends FieldValues, O>(
  form: UseFormReturn<T, unknown, O>,
  name: Path<T>,
) {
  const [resets, setResets] = useState(0);
  useEffect(() => {
    if (resets > 0) form.setFocus(name);
  }, [resets, form, name]);
  return () => setResets((count) => count + 1);
}

/**
 * For the server's per-field messages on a form that passed its own checks (a 409 'already exists' under Email, a
 * 400's `fields`): give `ref` to the form, call `focus` once the messages are set, and once they have rendered the
 * cursor goes to the first field showing one, as after a failed submit. Without it the keyboard user was left on
 * the submit button (or, where it was disabled while the request ran, the page's body) with the message elsewhere.
 */
export function useFocusServerErrors(): { ref: RefObject<HTMLFormElement | null>; focus: () => void } {
  const ref = useRef<HTMLFormElement>(null);
  const focusAfterRender = useFocusAfterRender();
  const focus = useCallback(
    () => focusAfterRender(() => firstInvalidField(ref.current), ref.current),
    [focusAfterRender],
  );
  return { ref, focus };
}

/**
 * Puts a refusal's per-field messages (a 409 'already exists', a 400's `fields`) under the form's own fields among
 * `names`, then calls `focus` (useFocusServerErrors) so the cursor goes to the first. Answers whether every message
 * found its field: then the form has said it all, and a toast saying it again (which in a tall dialog on a tablet sat
 * over the dialog's own buttons) is not needed.
 */
export function placeServerErrors<T extends FieldValues, O>(
  form: UseFormReturn<T, unknown, O>,
  error: unknown,
  names: object,
  focus: () => void,
): boolean {
  const fields = isApiError(error) ? Object.entries(error.fields) : [];
  const onForm = fields.filter(([name]) => name in names);
  for (const [name, message] of onForm) form.setError(name as Path<T>, { type: 'server', message });
  if (onForm.length > 0) focus();
  return onForm.length > 0 && onForm.length === fields.length;
}
