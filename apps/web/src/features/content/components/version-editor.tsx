import { Group, Stack, TextInput } from '@mantine/core';
import { type Version, VersionInputSchema } from '@portal/domain';
import { FormButtons } from '@/components/form-buttons.tsx';
import { OpenModal } from '@/components/open-modal.tsx';
import { useSchemaForm } from '@/hooks/use-schema-form.ts';
import { useSaveVersion } from '../api/content.ts';
import { useAskBeforeDiscarding } from './ask-before-discarding.tsx';
import { RichTextFormField } from './rich-text-field.tsx';

export interface VersionEditorProps {
  version?: Version;
  today: string;
  onClose: () => void;
}

/** Add or edit a version with its description and the pharmacy users' admin update. */
export function VersionEditor({ version, today, onClose }: VersionEditorProps) {
  const { form, field } = useSchemaForm(VersionInputSchema, {
    version: version?.version ?? '',
    title: version?.title ?? '',
    description: version?.description ?? '',
    pharmUserDescription: version?.pharmUserDescription ?? '',
    date: version?.date ?? today,
  });
  // Read while rendering, so react-hook-form keeps it current: false again once every field is back as it opened.
  const { isDirty } = form.formState;
  const close = useAskBeforeDiscarding(isDirty, onClose);
  const save = useSaveVersion();
  const submit = form.handleSubmit((input) =>
    save.mutate({ id: version?.id, input }, { onSuccess: onClose }),
  );
  return (
    <OpenModal onClose={close} title={version ? 'Edit version' : 'Add version'} size="lg">
      <form onSubmit={submit} noValidate>
        <Stack>
          <Group grow>
            <TextInput label="Version" required data-autofocus {...field('version')} />
            <TextInput label="Date" type="date" required {...field('date')} />
          </Group>
          <TextInput label="Title" required {...field('title')} />
          <RichTextFormField control={form.control} name="description" label="Description" required />
          <RichTextFormField
            control={form.control}
            name="pharmUserDescription"
            label="Admin update (pharmacy users)"
          />
          <FormButtons submitLabel="Save" isSubmitting={save.isPending} onCancel={close} />
        </Stack>
      </form>
    </OpenModal>
  );
}
