import { Checkbox, Group, Stack, TextInput } from '@mantine/core';
import { type ReleaseNote, ReleaseNoteInputSchema } from '@portal/domain';
import { FormButtons } from '@/components/form-buttons.tsx';
import { OpenModal } from '@/components/open-modal.tsx';
import { useSchemaForm } from '@/hooks/use-schema-form.ts';
import { useSaveReleaseNote } from '../api/content.ts';
import { useAskBeforeDiscarding } from './ask-before-discarding.tsx';
import { RichTextFormField } from './rich-text-field.tsx';

export interface ReleaseNoteEditorProps {
  /** The note to edit; omitted to add one. */
  note?: ReleaseNote;
  today: string;
  onClose: () => void;
}

/** Add or edit a release note; the domain schema checks the form as the server will. */
export function ReleaseNoteEditor({ note, today, onClose }: ReleaseNoteEditorProps) {
  const { form, field } = useSchemaForm(ReleaseNoteInputSchema, {
    type: note?.type ?? 'Feature',
    title: note?.title ?? '',
    description: note?.description ?? '',
    date: note?.date ?? today,
    pharmUserOnly: note?.pharmUserOnly ?? false,
  });
  // Read while rendering, so react-hook-form keeps it current: false again once every field is back as it opened.
  const { isDirty } = form.formState;
  const close = useAskBeforeDiscarding(isDirty, onClose);
  const save = useSaveReleaseNote();
  const submit = form.handleSubmit((input) => save.mutate({ id: note?.id, input }, { onSuccess: onClose }));
  return (
    <OpenModal onClose={close} title={note ? 'Edit release note' : 'Add release note'} size="lg">
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput label="Title" required data-autofocus {...field('title')} />
          <Group grow>
            <TextInput label="Type" required {...field('type')} />
            <TextInput label="Date" type="date" required {...field('date')} />
          </Group>
          <Checkbox label="Admin Only (pharmacy users only)" {...form.register('pharmUserOnly')} />
          <RichTextFormField control={form.control} name="description" label="Description" required />
          <FormButtons submitLabel="Save" isSubmitting={save.isPending} onCancel={close} />
        </Stack>
      </form>
    </OpenModal>
  );
}
