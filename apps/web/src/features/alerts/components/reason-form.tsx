import { Radio, Stack, Textarea } from '@mantine/core';
import { ACTION_MESSAGES, OTHER_REASON, reasonComment } from '@portal/domain';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useFocusAfterRender } from '@/hooks/use-focus-after-render.ts';
import { useDraft } from '../api/action-drafts.ts';
import { ActionFormFoot } from './action-form-foot.tsx';
import type { ActionFormProps } from './action-form-props.ts';

export interface ReasonFormProps extends ActionFormProps {
  reasons: readonly string[];
}

/**
 * Send and Do Not Send: a reason from the list; 'Other. See comment...' then needs a comment. The dialog opens with
 * focus on the reason chosen before it was last closed unsent, else on the first (not on the dialog's Close button),
 * so the arrow keys move on from the checked radio. A missing reason or comment moves focus to it once its message
 * shows. Each radio is described by the group's message, so a screen reader reads it on the radio that gets focus.
 * The group's tab stop (the chosen reason, else the first) is marked invalid, so a value the server refuses brings
 * the focus there (ActionDialog).
 */
export function ReasonForm({ reasons, ...form }: ReasonFormProps) {
  // The reason chosen and the comment typed, closed unsent, come back (api/action-drafts.ts).
  const [{ reason, text: comment }, changeDraft] = useDraft(form.draftKey);
  const [errors, setErrors] = useState<{ reason?: string; comment?: string }>({});
  const isOther = reason === OTHER_REASON;
  const reasonError = errors.reason ?? form.serverFields.actionComment;
  const reasonErrorId = useId();
  const firstReasonRef = useRef<HTMLInputElement>(null);
  const commentRef = useRef<HTMLTextAreaElement>(null);
  const focusAfterRender = useFocusAfterRender();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!reason) {
      setErrors({ reason: ACTION_MESSAGES.reasonRequired });
      focusAfterRender(() => firstReasonRef.current, event.currentTarget);
      return;
    }
    if (isOther && !comment.trim()) {
      setErrors({ comment: ACTION_MESSAGES.commentRequired });
      focusAfterRender(() => commentRef.current, event.currentTarget);
      return;
    }
    form.onSubmit({ actionComment: reasonComment(reason, comment) });
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <Radio.Group
          label="Reason"
          withAsterisk
          value={reason}
          onChange={(value) => {
            changeDraft({ reason: value });
            setErrors({});
          }}
          error={reasonError}
          errorProps={{ id: reasonErrorId }}
        >
          <Stack gap="xs" mt="xs">
            {reasons.map((r, index) => (
              <Radio
                key={r}
                ref={index === 0 ? firstReasonRef : undefined}
                value={r}
                label={r}
                aria-describedby={reasonError ? reasonErrorId : undefined}
                aria-invalid={reasonError && r === (reason ?? reasons[0]) ? true : undefined}
                data-autofocus={r === (reason ?? reasons[0]) ? true : undefined}
              />
            ))}
          </Stack>
        </Radio.Group>
        {isOther ? (
          <Textarea
            ref={commentRef}
            label="Comment"
            withAsterisk
            rows={2}
            value={comment}
            error={errors.comment}
            onChange={(event) => {
              changeDraft({ text: event.currentTarget.value });
              setErrors({});
            }}
          />
        ) : null}
      </Stack>
      <ActionFormFoot form={form} submitLabel="Submit" />
    </form>
  );
}
