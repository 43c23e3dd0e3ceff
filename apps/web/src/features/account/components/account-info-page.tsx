import { Card, Stack, Text, Title } from '@mantine/core';
import { TitleFormSchema, USER_ADMIN_MESSAGES } from '@portal/domain';
import { useCurrentUser } from '@/features/auth';
import { useDocumentTitle } from '@/hooks/use-document-title.ts';
import { BetaUserSwitch } from './beta-user-switch.tsx';
import { OwnPasswordForm } from './own-password-form.tsx';
import { OwnProfileFields } from './own-profile-fields.tsx';
import { ProfileFieldForm } from './profile-field-form.tsx';

/** Settings > Account Info: display name, phone, title, beta, and one's own password (spec 2, section 2). */
export function AccountInfoPage() {
  useDocumentTitle('Account Info');
  const user = useCurrentUser();
  return (
    <Stack>
      <Title order={1}>Account Info</Title>
      <Card withBorder component="section" aria-labelledby="account-profile">
        <Stack>
          <Title order={2} size="h4" id="account-profile">
            Profile
          </Title>
          <Text size="sm">
            Email: <strong>{user.email}</strong>
          </Text>
          <OwnProfileFields user={user} />
          <ProfileFieldForm
            email={user.email}
            field="title"
            label="Title"
            autoComplete="organization-title"
            initial={user.title}
            schema={TitleFormSchema}
            savedMessage={USER_ADMIN_MESSAGES.titleUpdated}
          />
          <BetaUserSwitch email={user.email} isBeta={user.betaUser} />
        </Stack>
      </Card>
      <Card withBorder component="section" aria-labelledby="account-password">
        <Stack>
          <Title order={2} size="h4" id="account-password">
            Change password
          </Title>
          <OwnPasswordForm email={user.email} />
        </Stack>
      </Card>
    </Stack>
  );
}
