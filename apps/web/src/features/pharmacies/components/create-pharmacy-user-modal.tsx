import { Button, Group, MultiSelect, SimpleGrid, Stack, TextInput } from '@mantine/core';
import {
  type CreatePharmUserInput,
  createPharmUserFormSchema,
  mayAssignPharmacyRole,
  PHARMACY_ADMIN_MESSAGES,
  type Pharmacy,
  pharmaciesOffered,
} from '@portal/domain';
import { useEffect, useMemo, useState } from 'react';
import { Controller } from 'react-hook-form';
import type { z } from 'zod';
import { AddedAnotherNotice } from '@/components/added-another-notice.tsx';
import { NewPasswordInputs } from '@/components/new-password-inputs.tsx';
import { OpenModal } from '@/components/open-modal.tsx';
import { PhoneInput } from '@/components/phone-input.tsx';
import { SelectFormField } from '@/components/select-form-field.tsx';
import {
  placeServerErrors,
  useFocusAfterReset,
  useFocusServerErrors,
  useSchemaForm,
} from '@/hooks/use-schema-form.ts';
import { useClientConfig } from '@/lib/client-config.ts';
import { notifyError, notifySuccess } from '@/lib/notify.ts';
import { useCreatePharmacyUser } from '../api/create-pharmacy-user.ts';
import { usePharmacyRoles } from '../api/get-roles.ts';
import { pharmacyOption } from './pharmacy-option.ts';

type FormSchema = ReturnType<typeof createPharmUserFormSchema>;
type FormInput = z.input<FormSchema>;

const EMPTY: FormInput = {
  pharmID: [],
  UserRole: '',
  displayName: '',
  title: '',
  email: '',
  phone: '',
  password: '',
  confirmPassword: '',
};

export interface CreatePharmacyUserModalProps {
  standings: readonly Pharmacy[];
  onClose: () => void;
}

/** 'Add Pharmacy User' (spec 2, sections 2 and 5): the domain schema validates here and on the server. */
export function CreatePharmacyUserModal({ standings, onClose }: CreatePharmacyUserModalProps) {
  const config = useClientConfig();
  const schema = useMemo(
    () =>
      createPharmUserFormSchema({
        passwordMinLength: config.passwordMinLength,
        pharmacyEmailDomain: config.pharmacyEmailDomain,
      }),
    [config.passwordMinLength, config.pharmacyEmailDomain],
  );
  const { form, field } = useSchemaForm(schema, EMPTY);
  const roles = usePharmacyRoles();
  const create = useCreatePharmacyUser();
  const focusName = useFocusAfterReset(form, 'displayName');
  const serverErrors = useFocusServerErrors();
  const offered = pharmaciesOffered(standings);
  const pharmacyOptions = offered.map(pharmacyOption);
  // A role is offered only where the server will take it (mayAssignPharmacyRole, user_Edit{Role}): at every chosen
  // pharmacy, or, before any is chosen, at one of those offered.
  const chosenPharmacies = form.watch('pharmID');
  const chosen = offered.filter((s) => chosenPharmacies.includes(s.pharmID));
  const mayGive = (role: string) =>
    chosen.length > 0
      ? chosen.every((s) => mayAssignPharmacyRole(s, role))
      : offered.some((s) => mayAssignPharmacyRole(s, role));
  const roleOptions = (roles.data?.roles ?? []).map((r) => ({
    value: r.name,
    label: r.label,
    disabled: r.disabled || !mayGive(r.name),
  }));
  // A role chosen first that a pharmacy chosen next does not allow is cleared, not sent to be refused (403).
  const chosenRole = form.watch('UserRole');
  const refused = roleOptions.some((o) => o.value === chosenRole && o.disabled);
  useEffect(() => {
    if (refused) form.setValue('UserRole', '');
  }, [refused, form]);

  // Who 'Create and Add Another' just created: said in the dialog (AddedAnotherNotice), not in a toast over it.
  const [added, setAdded] = useState<string | null>(null);

  // 'Create and Add Another' keeps the dialog open for the next person, with the same pharmacies, role and title.
  const send = (addAnother: boolean) =>
    form.handleSubmit(({ confirmPassword: _confirm, ...body }) => {
      const input: CreatePharmUserInput = body;
      setAdded(null);
      create.mutate(input, {
        onSuccess: () => {
          if (!addAnother) {
            notifySuccess(PHARMACY_ADMIN_MESSAGES.created);
            return onClose();
          }
          setAdded(`${PHARMACY_ADMIN_MESSAGES.created}: ${body.displayName} (${body.email})`);
          form.reset({ ...EMPTY, pharmID: body.pharmID, UserRole: body.UserRole, title: body.title ?? '' });
          focusName();
        },
        onError: (failure) => {
          if (placeServerErrors(form, failure, EMPTY, serverErrors.focus)) return;
          notifyError(failure);
        },
      });
    });
  const submit = send(false);

  return (
    <OpenModal onClose={onClose} title="Add Pharmacy User" size="lg">
      <form ref={serverErrors.ref} onSubmit={submit} noValidate>
        <Stack>
          <Controller
            control={form.control}
            name="pharmID"
            render={({ field: pharmacies, fieldState }) => (
              <MultiSelect
                label="Pharmacies"
                required
                data={pharmacyOptions}
                ref={pharmacies.ref}
                value={pharmacies.value}
                onChange={pharmacies.onChange}
                onBlur={pharmacies.onBlur}
                error={fieldState.error?.message}
                searchable
                data-autofocus
              />
            )}
          />
          <SelectFormField
            control={form.control}
            name="UserRole"
            label="Pharmacy role"
            required
            data={roleOptions}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Display name" required {...field('displayName')} />
            <TextInput label="Title" {...field('title')} />
            <TextInput label="Email" type="email" required autoComplete="off" {...field('email')} />
            <PhoneInput label="Phone" {...field('phone')} />
          </SimpleGrid>
          {/* Below the grid, one under the other: side by side, the minimum said under the first label pushed its
              input below the confirmation's. */}
          <NewPasswordInputs
            password={field('password')}
            confirmPassword={field('confirmPassword')}
            minLength={config.passwordMinLength}
            replacing={false}
          />
          <AddedAnotherNotice message={added} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button variant="light" onClick={send(true)} disabled={create.isPending}>
              Create and Add Another
            </Button>
            <Button type="submit" loading={create.isPending}>
              Create User
            </Button>
          </Group>
        </Stack>
      </form>
    </OpenModal>
  );
}
