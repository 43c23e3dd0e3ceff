import { Textarea } from '@mantine/core';
import { ACTION_MESSAGES } from '@portal/domain';
import { type FormEvent, useRef, useState } from 'react';
import { useFocusAfterRender } from '@/hooks/use-focus-after-render.ts';
import { useDraft } from '../api/action-drafts.ts';
import { ActionFormFoot } from './action-form-foot.tsx';
import type { ActionFormProps } from './action-form-props.ts';

/**
 * Discuss: a question is required ('Enter Question *'). Submitting without one moves focus to the question once its
 * message shows (linked by aria-describedby, so it is read out). A question closed unsent is kept for this alert.
 */
export function DiscussForm(form: ActionFormProps) {
  // What was typed before the dialog was last closed unsent comes back.
  const [{ text: question }, changeDraft] = useDraft(form.draftKey);
  const [error, setError] = useState<string | null>(null);
  const questionRef = useRef<HTMLTextAreaElement>(null);
  const focusAfterRender = useFocusAfterRender();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!question.trim()) {
      setError(ACTION_MESSAGES.questionRequired);
      focusAfterRender(() => questionRef.current, event.currentTarget);
      return;
    }
    form.onSubmit({ actionComment: question });
  };
  return (
    <form onSubmit={onSubmit} noValidate>
      <Textarea
        ref={questionRef}
        label="Enter Question"
        withAsterisk
        rows={3}
        value={question}
        error={error ?? form.serverFields.actionComment}
        onChange={(event) => {
          changeDraft({ text: event.currentTarget.value });
          setError(null);
        }}
        data-autofocus
      />
      <ActionFormFoot form={form} submitLabel="Discuss" />
    </form>
  );
}
