import { zodResolver } from '@hookform/resolvers/zod';
import {
  Button,
  Group,
  Modal,
  MultiSelect,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
} from '@mantine/core';
import {
  type CreatePharmUserInput,
  createPharmUserFormSchema,
  PHARMACY_ADMIN_MESSAGES,
  type PharmacyStanding,
  pharmaciesOffered,
} from '@portal/domain';
import { useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { isApiError } from '@/lib/api-error.ts';
import { useClientConfig } from '@/lib/client-config.ts';
import { notifyError, notifySuccess } from '@/lib/notify.ts';
import { useCreatePharmacyUser } from '../api/create-pharmacy-user.ts';
import { usePharmacyRoles } from '../api/get-roles.ts';

type FormSchema = ReturnType<typeof createPharmUserFormSchema>;
type FormInput = z.input<FormSchema>;
type FormOutput = z.output<FormSchema>;

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
  standings: readonly PharmacyStanding[];
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
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(schema),
    defaultValues: EMPTY,
  });
  const roles = usePharmacyRoles();
  const create = useCreatePharmacyUser();
  const pharmacyOptions = pharmaciesOffered(standings).map((s) => s.pharmID);
  const roleOptions = (roles.data?.roles ?? []).map((r) => ({
    value: r.name,
    label: r.label,
    disabled: r.disabled,
  }));
  const error = (name: keyof FormInput) => form.formState.errors[name]?.message;

  const submit = form.handleSubmit(({ confirmPassword: _confirm, ...body }) => {
    const input: CreatePharmUserInput = body;
    create.mutate(input, {
      onSuccess: () => {
        notifySuccess(PHARMACY_ADMIN_MESSAGES.created);
        onClose();
      },
      onError: (failure) => {
        if (isApiError(failure) && Object.keys(failure.fields).length > 0) {
          for (const [field, message] of Object.entries(failure.fields))
            if (field in EMPTY) form.setError(field as keyof FormInput, { message });
        }
        notifyError(failure);
      },
    });
  });

  return (
    <Modal opened onClose={onClose} title="Add Pharmacy User" size="lg" returnFocus>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Controller
            control={form.control}
            name="pharmID"
            render={({ field }) => (
              <MultiSelect
                label="Pharmacies"
                required
                data={pharmacyOptions}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={error('pharmID')}
                searchable
                data-autofocus
              />
            )}
          />
          <Controller
            control={form.control}
            name="UserRole"
            render={({ field }) => (
              <Select
                label="Pharmacy role"
                required
                data={roleOptions}
                value={field.value || null}
                onChange={(value) => field.onChange(value ?? '')}
                onBlur={field.onBlur}
                error={error('UserRole')}
              />
            )}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="Display name"
              required
              {...form.register('displayName')}
              error={error('displayName')}
            />
            <TextInput label="Title" {...form.register('title')} error={error('title')} />
            <TextInput
              label="Email"
              type="email"
              required
              autoComplete="off"
              {...form.register('email')}
              error={error('email')}
            />
            <TextInput
              label="Phone"
              type="tel"
              placeholder="(xxx) xxx-xxxx"
              {...form.register('phone')}
              error={error('phone')}
            />
            <PasswordInput
              label="Password"
              required
              autoComplete="new-password"
              {...form.register('password')}
              error={error('password')}
            />
            <PasswordInput
              label="Confirm password"
              required
              autoComplete="new-password"
              {...form.register('confirmPassword')}
              error={error('confirmPassword')}
            />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Create user
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
