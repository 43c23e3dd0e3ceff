import { Alert } from '@mantine/core';
import { FormButtons } from '@/components/form-buttons.tsx';
import { isApiError } from '@/lib/api-error.ts';
import { type ActionFormProps, SENDING_STATUS } from './action-form-props.ts';

/**
 * A refused send (useRefusal) as a form says it, the one that sent it and one opened again meanwhile alike: a 400's
 * messages under the fields it names (`serverFields`) and, when it names none of `shownFields` (those the form has),
 * the refusal's own message (`refusalMessage`: at an action form's foot, under the Reply box's reply).
 */
export function refusalAsShown(refusal: Error | null, shownFields: readonly string[]) {
  const serverFields = isApiError(refusal, 400) ? refusal.fields : {};
  const refusalMessage =
    refusal && !shownFields.some((field) => serverFields[field]) ? refusal.message : null;
  return { serverFields, refusalMessage };
}

/**
 * The foot of an action form: why its last send was refused where no field says it (an alert, read out as it shows),
 * then Cancel and Submit ('Sending...').
 */
export function ActionFormFoot({ form, submitLabel }: { form: ActionFormProps; submitLabel: string }) {
  return (
    <>
      {form.refusalMessage ? (
        <Alert color="red" variant="light" role="alert" mt="md">
          {form.refusalMessage}
        </Alert>
      ) : null}
      <FormButtons
        submitLabel={submitLabel}
        isSubmitting={form.isSubmitting}
        submittingStatus={SENDING_STATUS}
        onCancel={form.onCancel}
      />
    </>
  );
}
