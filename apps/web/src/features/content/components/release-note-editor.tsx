import { Button, Checkbox, Group, Modal, Stack, TextInput } from '@mantine/core';
import { type ReleaseNote, type ReleaseNoteInput, ReleaseNoteInputSchema } from '@portal/domain';
import { useState } from 'react';
import { useSaveReleaseNote } from '../api/content.ts';
import { fieldErrors } from './field-errors.ts';
import { RichTextField } from './rich-text-field.tsx';

export interface ReleaseNoteEditorProps {
  /** The note to edit; omitted to add one. */
  note?: ReleaseNote;
  today: string;
  onClose: () => void;
}

/** Add or edit a release note; the domain schema checks the form as the server will. */
export function ReleaseNoteEditor({ note, today, onClose }: ReleaseNoteEditorProps) {
  const [draft, setDraft] = useState<ReleaseNoteInput>({
    type: note?.type ?? 'Feature',
    title: note?.title ?? '',
    description: note?.description ?? '',
    date: note?.date ?? today,
    pharmUserOnly: note?.pharmUserOnly ?? false,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveReleaseNote();
  const submit = () => {
    const parsed = ReleaseNoteInputSchema.safeParse(draft);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    save.mutate({ id: note?.id, input: parsed.data }, { onSuccess: onClose });
  };
  return (
    <Modal opened onClose={onClose} title={note ? 'Edit release note' : 'Add release note'} size="lg">
      <Stack>
        <TextInput
          label="Title"
          value={draft.title}
          error={errors.title}
          onChange={(e) => setDraft({ ...draft, title: e.currentTarget.value })}
        />
        <Group grow>
          <TextInput
            label="Type"
            value={draft.type}
            error={errors.type}
            onChange={(e) => setDraft({ ...draft, type: e.currentTarget.value })}
          />
          <TextInput
            label="Date"
            type="date"
            value={draft.date}
            error={errors.date}
            onChange={(e) => setDraft({ ...draft, date: e.currentTarget.value })}
          />
        </Group>
        <Checkbox
          label="Admin Only (pharmacy users only)"
          checked={draft.pharmUserOnly}
          onChange={(e) => setDraft({ ...draft, pharmUserOnly: e.currentTarget.checked })}
        />
        <RichTextField
          label="Description"
          value={draft.description}
          error={errors.description}
          onChange={(description) => setDraft((d) => ({ ...d, description }))}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={submit} loading={save.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
