import { Input, Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';

const Editor = lazy(() => import('./rich-text-editor.tsx'));

export interface RichTextFieldProps {
  label: string;
  value: string;
  onChange: (html: string) => void;
  error?: string | undefined;
}

/** A labelled HTML editor, its code fetched only when an admin opens an editor. */
export function RichTextField({ label, value, onChange, error }: RichTextFieldProps) {
  return (
    <Input.Wrapper label={label} error={error}>
      <Suspense fallback={<Loader size="sm" role="status" aria-label="Loading editor" />}>
        <Editor label={label} value={value} onChange={onChange} />
      </Suspense>
    </Input.Wrapper>
  );
}
