import { Textarea } from '@mantine/core';
import { ACTION_MESSAGES } from '@portal/domain';
import { type FormEvent, useState } from 'react';
import { FormButtons } from '@/components/form-buttons.tsx';
import type { ActionFormProps } from './action-form-props.ts';

/** Discuss: a question is required ('Enter Question *'). */
export function DiscussForm(form: ActionFormProps) {
  const [question, setQuestion] = useState('');
  const [error, setError] = useState<string | null>(null);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!question.trim()) {
      setError(ACTION_MESSAGES.questionRequired);
      return;
    }
    form.onSubmit({ actionComment: question });
  };
  return (
    <form onSubmit={onSubmit} noValidate>
      <Textarea
        label="Enter Question"
        withAsterisk
        rows={3}
        value={question}
        error={error ?? form.serverFields.actionComment}
        onChange={(event) => {
          setQuestion(event.currentTarget.value);
          setError(null);
        }}
        data-autofocus
      />
      <FormButtons submitLabel="Discuss" isSubmitting={form.isSubmitting} onCancel={form.onCancel} />
    </form>
  );
}
