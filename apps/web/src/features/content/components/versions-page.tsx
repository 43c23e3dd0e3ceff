import { Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { seesPharmacyContent, sortVersions, type Version } from '@portal/domain';
import { useState } from 'react';
import { openConfirmModal } from '@/components/open-modal.tsx';
import { useCurrentUser } from '@/features/auth';
import { useDocumentTitle } from '@/hooks/use-document-title.ts';
import { localIsoDay } from '@/lib/time-zone.ts';
import { useDeleteVersion, useVersions } from '../api/content.ts';
import { ContentCard } from './content-card.tsx';
import { userManagesContent } from './content-rules.ts';
import { PagedCards } from './paged-cards.tsx';
import { SafeHtml } from './safe-html.tsx';
import { VersionEditor } from './version-editor.tsx';

/** Versions (spec 2): cards highest version first, the admin update for pharmacy users, an editor for admins. */
export function VersionsPage() {
  useDocumentTitle('Versions');
  const user = useCurrentUser();
  const { data, isPending } = useVersions();
  const remove = useDeleteVersion();
  const [editing, setEditing] = useState<Version | 'new' | null>(null);
  const canManage = userManagesContent(user);
  const seesAdminUpdate = seesPharmacyContent(user.userType);
  const confirmDelete = (version: Version) =>
    openConfirmModal({
      title: 'Delete version',
      children: <Text>Delete version {version.version}?</Text>,
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => remove.mutate(version.id),
    });

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1}>Versions</Title>
        {canManage ? <Button onClick={() => setEditing('new')}>Add version</Button> : null}
      </Group>
      {isPending ? <Loader role="status" aria-label="Loading versions" /> : null}
      <PagedCards
        items={sortVersions(data?.versions ?? [])}
        card={(version) => (
          <ContentCard
            key={version.id}
            heading={`${version.version}: ${version.title}`}
            date={version.date}
            author={version.author}
            html={version.description}
            onEdit={canManage ? () => setEditing(version) : undefined}
            onDelete={canManage ? () => confirmDelete(version) : undefined}
          >
            {seesAdminUpdate && version.pharmUserDescription ? (
              <Stack gap={4} role="group" aria-label={`Admin update ${version.version}`}>
                <Title order={3} size="h6">
                  Admin update
                </Title>
                <SafeHtml html={version.pharmUserDescription} />
              </Stack>
            ) : null}
          </ContentCard>
        )}
      />
      {editing ? (
        <VersionEditor
          version={editing === 'new' ? undefined : editing}
          today={localIsoDay(new Date())}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </Stack>
  );
}
