import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  type AdminViewer,
  addableRoles,
  addFacilityUserFormSchema,
  canAddUserToFacility,
  createFacilityUserFormSchema,
  FACILITY_ROLES,
  PICKER_PAGE_SIZE,
  pickerFacilities,
  USER_ADMIN_MESSAGES,
  type ViewerFacility,
} from '@portal/domain';
import { useEffect, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { AddedAnotherNotice } from '@/components/added-another-notice.tsx';
import { NewPasswordInputs } from '@/components/new-password-inputs.tsx';
import { OpenModal } from '@/components/open-modal.tsx';
import { PhoneInput } from '@/components/phone-input.tsx';
import { SelectFormField } from '@/components/select-form-field.tsx';
import {
  formField,
  placeServerErrors,
  useFocusAfterReset,
  useFocusFirstInvalid,
  useFocusServerErrors,
} from '@/hooks/use-schema-form.ts';
import { ApiError } from '@/lib/api-error.ts';
import { useClientConfig } from '@/lib/client-config.ts';
import { notifyError } from '@/lib/notify.ts';
import { useCreateUser } from '../api/mutations.ts';
import classes from './user-forms.module.css';

export interface CreateUserModalProps {
  viewer: AdminViewer;
  /** Set for the Facilities list's Add User (the facility is fixed); unset for Create Facility User. */
  facility?: ViewerFacility;
  onClose: () => void;
}

type Values = {
  faciID: string;
  userRole: string;
  displayName: string;
  email: string;
  password: string;
  confirmPassword: string;
  Title: string;
  phone: string;
};

const ROLE_OPTIONS = FACILITY_ROLES.map((r) => ({ value: r.name, label: r.label }));

/** The roles the viewer may give at a facility (addableRoles, as the server checks); none before one is chosen. */
function roleOptionsAt(viewer: AdminViewer, facID: number) {
  if (!facID) return [];
  const roles = addableRoles(viewer, facID);
  return ROLE_OPTIONS.filter((option) => roles.includes(option.value));
}

/** Create Facility User, or Add Facility User to a given facility (spec 2, sections 2 and 5). */
export function CreateUserModal({ viewer, facility, onClose }: CreateUserModalProps) {
  const { passwordMinLength } = useClientConfig();
  const schema = facility
    ? addFacilityUserFormSchema(passwordMinLength)
    : createFacilityUserFormSchema(passwordMinLength);
  const blank: Values = {
    faciID: facility ? String(facility.facID) : '',
    userRole: '',
    displayName: '',
    email: '',
    password: '',
    confirmPassword: '',
    Title: '',
    phone: '',
  };
  const form = useForm<Values>({
    // The two forms share fields; the fixed facility and optional title are filled in on submit.
    resolver: zodResolver(schema as never) as unknown as Resolver<Values>,
    defaultValues: blank,
    shouldFocusError: false,
  });
  useFocusFirstInvalid(form);
  const create = useCreateUser();
  const focusName = useFocusAfterReset(form, 'displayName');
  const serverErrors = useFocusServerErrors();
  const field = formField(form);
  const facilities = pickerFacilities(viewer)
    .filter((f) => canAddUserToFacility(viewer, f.facID))
    .map((f) => ({
      value: String(f.facID),
      label: `${f.facName} (${f.facID})`,
    }));

  // Who 'Create and Add Another' just created: said in the dialog (AddedAnotherNotice), not in a toast over it.
  const [added, setAdded] = useState<string | null>(null);

  // 'Create and Add Another' keeps the dialog open for the next person, with the same facility, role and title:
  // an administrator onboarding a ward's staff enters only what differs.
  const send = (addAnother: boolean) =>
    form.handleSubmit((values) => {
      const faciID = facility ? facility.facID : Number(values.faciID);
      const name = facility?.facName ?? viewer.facilities.find((f) => f.facID === faciID)?.facName ?? '';
      const role = ROLE_OPTIONS.find((r) => r.value === values.userRole)?.label ?? values.userRole;
      const done = facility ? USER_ADMIN_MESSAGES.addedToFacility(role, name) : USER_ADMIN_MESSAGES.created;
      setAdded(null);
      // While the dialog stays open its pending button says the call is under way; a toast would cover it.
      const toast = addAnother
        ? null
        : notifications.show({
            loading: true,
            message: USER_ADMIN_MESSAGES.addingToFacility,
            autoClose: false,
          });
      create.mutate(
        {
          email: values.email,
          password: values.password,
          confirmPassword: values.confirmPassword,
          displayName: values.displayName,
          phone: values.phone,
          userRole: values.userRole,
          faciID,
          userType: 'FacilityUser',
          ...(facility ? {} : { UserRole: values.userRole, Title: values.Title }),
        },
        {
          onSuccess: () => {
            if (!addAnother) {
              if (toast)
                notifications.update({
                  id: toast,
                  loading: false,
                  color: 'green',
                  autoClose: 3000,
                  message: done,
                });
              return onClose();
            }
            setAdded(`${done}: ${values.displayName} (${values.email})`);
            form.reset({ ...blank, faciID: values.faciID, userRole: values.userRole, Title: values.Title });
            focusName();
          },
          onError: (error) => {
            if (toast) notifications.hide(toast);
            if (placeServerErrors(form, error, blank, serverErrors.focus)) return;
            if (error instanceof ApiError)
              notifications.show({ color: 'red', message: `${error.message} (${error.statusText})` });
            else notifyError(error);
          },
        },
      );
    });
  const submit = send(false);
  const roleOptions = roleOptionsAt(viewer, facility ? facility.facID : Number(form.watch('faciID')));
  // A role chosen for one facility that the next chosen facility does not offer is cleared, not sent to be refused.
  const chosenRole = form.watch('userRole');
  const offered = roleOptions.map((option) => option.value).join(' ');
  useEffect(() => {
    if (chosenRole && !offered.split(' ').includes(chosenRole)) form.setValue('userRole', '');
  }, [chosenRole, offered, form]);

  return (
    <OpenModal
      onClose={onClose}
      title={facility ? `Add Facility User to ${facility.facName}` : 'Create Facility User'}
      // As wide as Add Pharmacy User's: at Mantine's default width its three buttons did not fit one row, and
      // Create User, the button the form is for, sat alone on a line of its own below the others at every screen size.
      size="lg"
    >
      <form ref={serverErrors.ref} onSubmit={submit} noValidate className={classes.form}>
        <Stack gap="sm">
          {facility ? null : (
            <SelectFormField
              control={form.control}
              name="faciID"
              label="Facility"
              data={facilities}
              searchable
              limit={PICKER_PAGE_SIZE}
              withAsterisk
              data-autofocus
            />
          )}
          <SelectFormField
            control={form.control}
            name="userRole"
            label="Role"
            data={roleOptions}
            withAsterisk
            // The dialog opens in its first field (Mantine's trap would otherwise pick its Close button).
            data-autofocus={facility ? true : undefined}
          />
          <TextInput label="Display name" withAsterisk {...field('displayName')} />
          <TextInput label="Email" type="email" withAsterisk {...field('email')} />
          {facility ? null : <TextInput label="Title" withAsterisk {...field('Title')} />}
          <PhoneInput label="Phone" {...field('phone')} />
          <NewPasswordInputs
            password={field('password')}
            confirmPassword={field('confirmPassword')}
            minLength={passwordMinLength}
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
              {facility ? 'Add User' : 'Create User'}
            </Button>
          </Group>
        </Stack>
      </form>
    </OpenModal>
  );
}
