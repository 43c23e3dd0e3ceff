import { Button, Group, Select, TextInput } from '@mantine/core';
import {
  type CreatedPharmacyKey,
  CreatePharmacyKeyInputSchema,
  canManagePharmacyKeys,
  type UserInfo,
} from '@portal/domain';
import { type FormEvent, useRef, useState } from 'react';
import { firstInvalidField, useFocusAfterRender } from '@/hooks/use-focus-after-render.ts';
import { ApiError } from '@/lib/api-error.ts';
import { notifyError } from '@/lib/notify.ts';
import { useCreatePharmacyKey, usePharmacyChoices } from '../api/pharmacy-keys.ts';

export interface CreateKeyFormProps {
  user: UserInfo;
  onCreated: (created: CreatedPharmacyKey) => void;
}

/** Name and pharmacy of a new key, checked with the server's own schema before it is sent. */
export function CreateKeyForm({ user, onCreated }: CreateKeyFormProps) {
  const pharmacies = usePharmacyChoices();
  const create = useCreatePharmacyKey();
  const [pharmID, setPharmID] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const formRef = useRef<HTMLFormElement>(null);
  const focusAfterRender = useFocusAfterRender();
  // Once the messages show, the cursor goes to the first field to fix, and a screen reader reads its message.
  const focusFirstInvalid = () => focusAfterRender(() => firstInvalidField(formRef.current), formRef.current);
  const choices = (pharmacies.data?.pharmacies ?? [])
    .filter((p) => canManagePharmacyKeys(user.userType, p.userRole))
    .map((p) => ({ value: p.pharmID, label: `${p.pharmName} (${p.pharmID})` }));

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = CreatePharmacyKeyInputSchema.safeParse({ pharmID: pharmID ?? '', name });
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= issue.message;
      setErrors(found);
      focusFirstInvalid();
      return;
    }
    setErrors({});
    create.mutate(parsed.data, {
      onSuccess: (created) => {
        setName('');
        onCreated(created);
      },
      onError: (failure) => {
        if (failure instanceof ApiError && Object.keys(failure.fields).length > 0) {
          setErrors(failure.fields);
          focusFirstInvalid();
        } else notifyError(failure);
      },
    });
  }

  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-label="Create API key">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <Select
          label="Pharmacy"
          placeholder="Select a pharmacy"
          data={choices}
          value={pharmID}
          onChange={setPharmID}
          error={errors.pharmID}
          required
          w={260}
        />
        <TextInput
          label="Name"
          description="Which system holds the key"
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          error={errors.name}
          required
          maxLength={100}
          w={260}
        />
        <Button type="submit" loading={create.isPending}>
          Create key
        </Button>
      </Group>
    </form>
  );
}
