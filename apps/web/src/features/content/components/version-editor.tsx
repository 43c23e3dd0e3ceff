import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { type Version, type VersionInput, VersionInputSchema } from '@portal/domain';
import { useState } from 'react';
import { useSaveVersion } from '../api/content.ts';
import { fieldErrors } from './field-errors.ts';
import { RichTextField } from './rich-text-field.tsx';

export interface VersionEditorProps {
  version?: Version;
  today: string;
  onClose: () => void;
}

/** Add or edit a version with its description and the pharmacy users' admin update. */
export function VersionEditor({ version, today, onClose }: VersionEditorProps) {
  const [draft, setDraft] = useState<VersionInput>({
    version: version?.version ?? '',
    title: version?.title ?? '',
    description: version?.description ?? '',
    pharmUserDescription: version?.pharmUserDescription ?? '',
    date: version?.date ?? today,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveVersion();
  const submit = () => {
    const parsed = VersionInputSchema.safeParse(draft);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    save.mutate({ id: version?.id, input: parsed.data }, { onSuccess: onClose });
  };
  return (
    <Modal opened onClose={onClose} title={version ? 'Edit version' : 'Add version'} size="lg">
      <Stack>
        <Group grow>
          <TextInput
            label="Version"
            value={draft.version}
            error={errors.version}
            onChange={(e) => setDraft({ ...draft, version: e.currentTarget.value })}
          />
          <TextInput
            label="Date"
            type="date"
            value={draft.date}
            error={errors.date}
            onChange={(e) => setDraft({ ...draft, date: e.currentTarget.value })}
          />
        </Group>
        <TextInput
          label="Title"
          value={draft.title}
          error={errors.title}
          onChange={(e) => setDraft({ ...draft, title: e.currentTarget.value })}
        />
        <RichTextField
          label="Description"
          value={draft.description}
          error={errors.description}
          onChange={(description) => setDraft((d) => ({ ...d, description }))}
        />
        <RichTextField
          label="Admin update (pharmacy users)"
          value={draft.pharmUserDescription}
          onChange={(pharmUserDescription) => setDraft((d) => ({ ...d, pharmUserDescription }))}
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
