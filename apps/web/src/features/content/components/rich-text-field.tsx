import { Input, Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';

const Editor = lazy(() => import('./rich-text-editor.tsx'));

export interface RichTextFieldProps {
  label: string;
  value: string;
  onChange: (html: string) => void;
  error?: string | undefined;
  /** Marked with the asterisk the portal's other required fields carry. */
  required?: boolean;
}

/** A labelled HTML editor, its code fetched only when an admin opens an editor. */
export function RichTextField({ label, value, onChange, error, required = false }: RichTextFieldProps) {
  return (
    <Input.Wrapper label={label} error={error} withAsterisk={required}>
      <Suspense fallback={<Loader size="sm" role="status" aria-label="Loading editor" />}>
        <Editor label={label} value={value} onChange={onChange} required={required} />
      </Suspense>
    </Input.Wrapper>
  );
}

export interface RichTextFormFieldProps<T extends FieldValues, O extends FieldValues> {
  /** The form (react-hook-form's `control`, e.g. from `useSchemaForm`) and the field holding the HTML. */
  control: Control<T, unknown, O>;
  name: Path<T>;
  label: string;
  required?: boolean;
}

/** A `RichTextField` bound to a form field, with the field's error message under it. */
export function RichTextFormField<T extends FieldValues, O extends FieldValues>({
  control,
  name,
  label,
  required = false,
}: RichTextFormFieldProps<T, O>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <RichTextField
          label={label}
          required={required}
          value={field.value}
          onChange={field.onChange}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}
