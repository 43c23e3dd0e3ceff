import { Select, type SelectProps } from '@mantine/core';
import { type Control, Controller, type FieldPathByValue, type FieldValues } from 'react-hook-form';

export interface SelectFormFieldProps<T extends FieldValues, O extends FieldValues>
  extends Omit<SelectProps, 'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'error'> {
  /** The form (react-hook-form's `control`, e.g. from `useSchemaForm`) and its string field, '' for no choice. */
  control: Control<T, unknown, O>;
  name: FieldPathByValue<T, string>;
}

/** A Mantine Select bound to a form field: '' while nothing is chosen, the field's error message under it. */
export function SelectFormField<T extends FieldValues, O extends FieldValues>({
  control,
  name,
  ...props
}: SelectFormFieldProps<T, O>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Select
          {...props}
          // The form's ref, so that a failed submit can put the cursor here when this is the first wrong field.
          ref={field.ref}
          value={field.value || null}
          onChange={(value) => field.onChange(value ?? '')}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}
