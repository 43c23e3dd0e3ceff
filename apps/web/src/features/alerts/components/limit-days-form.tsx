import { Alert, Select, Stack, Textarea } from '@mantine/core';
import { ACTION_MESSAGES, LIMIT_DAYS } from '@portal/domain';
import { type FormEvent, useRef, useState } from 'react';
import { useFocusAfterRender } from '@/hooks/use-focus-after-render.ts';
import { useDraft } from '../api/action-drafts.ts';
import { ActionFormFoot } from './action-form-foot.tsx';
import type { ActionFormProps } from './action-form-props.ts';

const DAY_OPTIONS = Array.from({ length: LIMIT_DAYS.max - LIMIT_DAYS.min + 1 }, (_, i) => {
  const days = LIMIT_DAYS.min + i;
  return { value: String(days), label: `${days} Days` };
});

/** The day list's height (about 7 days): it fits under the field on a 768 px screen. */
const DAYS_LIST_MAX_HEIGHT = 280;

/**
 * Limit Days: a day choice 1 to 30 ('N Days'; starts unset, i.e. 0) and an optional comment. Submitting without a
 * day moves focus to the day choice once its message shows (linked by aria-describedby, so it is read out).
 */
export function LimitDaysForm(form: ActionFormProps) {
  // The days chosen and the comment typed, closed unsent, come back (api/action-drafts.ts).
  const [{ limitDays: days, text: comment }, changeDraft] = useDraft(form.draftKey);
  const [error, setError] = useState<string | null>(null);
  const daysRef = useRef<HTMLInputElement>(null);
  const focusAfterRender = useFocusAfterRender();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (days < LIMIT_DAYS.min || days > LIMIT_DAYS.max) {
      setError(ACTION_MESSAGES.limitDays);
      focusAfterRender(() => daysRef.current, event.currentTarget);
      return;
    }
    form.onSubmit({ actionComment: comment, limitDays: days });
  };
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <Alert color="yellow" variant="light" role="note">
          {ACTION_MESSAGES.limitDaysWarning}
        </Alert>
        <Select
          ref={daysRef}
          label="Days"
          withAsterisk
          placeholder="Choose days"
          data={DAY_OPTIONS}
          value={days > 0 ? String(days) : null}
          onChange={(value) => {
            changeDraft({ limitDays: value ? Number(value) : 0 });
            setError(null);
          }}
          error={error ?? form.serverFields.limitDays}
          comboboxProps={{ withinPortal: true }}
          // The list of 30 days scrolls natively, in the listbox itself. Mantine's ScrollArea puts a viewport inside
          // the listbox, a scrolling region the keyboard cannot reach (axe scrollable-region-focusable, serious); the
          // listbox the field controls is exempt, and the arrow keys scroll the active day into view. Without the
          // ScrollArea, maxDropdownHeight does nothing: the height is set here, or the list runs off a 768 px screen
          // and the longer limits cannot be reached by mouse or touch.
          withScrollArea={false}
          styles={{ options: { maxHeight: DAYS_LIST_MAX_HEIGHT, overflowY: 'auto' } }}
          data-autofocus
        />
        <Textarea
          label="Comment (not required)"
          rows={2}
          value={comment}
          error={form.serverFields.actionComment}
          onChange={(event) => changeDraft({ text: event.currentTarget.value })}
        />
      </Stack>
      <ActionFormFoot form={form} submitLabel="Limit Days" />
    </form>
  );
}
