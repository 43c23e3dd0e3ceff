import { Badge, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { CONTENT_MESSAGES, type ReleaseNote, seesPharmacyContent, sortReleaseNotes } from '@portal/domain';
import { useState } from 'react';
import { openConfirmModal } from '@/components/open-modal.tsx';
import { useCurrentUser } from '@/features/auth';
import { useDocumentTitle } from '@/hooks/use-document-title.ts';
import { localIsoDay } from '@/lib/time-zone.ts';
import { useDeleteReleaseNote, useReleaseNotes } from '../api/content.ts';
import { ContentCard } from './content-card.tsx';
import { userManagesContent } from './content-rules.ts';
import { PagedCards } from './paged-cards.tsx';
import { ReleaseNoteEditor } from './release-note-editor.tsx';

/** Release Notes (spec 2): cards newest first, 'Admin Only' on pharmacy-only notes, an editor for admins. */
export function ReleaseNotesPage() {
  useDocumentTitle('Release Notes');
  const user = useCurrentUser();
  const { data, isPending } = useReleaseNotes();
  const remove = useDeleteReleaseNote();
  const [editing, setEditing] = useState<ReleaseNote | 'new' | null>(null);
  const canManage = userManagesContent(user);
  const showsAdminTag = seesPharmacyContent(user.userType);
  const confirmDelete = (note: ReleaseNote) =>
    openConfirmModal({
      title: 'Delete release note',
      children: <Text>Delete "{note.title}"?</Text>,
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => remove.mutate(note.id),
    });

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1}>Release Notes</Title>
        {canManage ? <Button onClick={() => setEditing('new')}>Add release note</Button> : null}
      </Group>
      {isPending ? <Loader role="status" aria-label="Loading release notes" /> : null}
      <PagedCards
        items={sortReleaseNotes(data?.releaseNotes ?? [])}
        card={(note) => (
          <ContentCard
            key={note.id}
            heading={note.title}
            date={note.date}
            author={note.author}
            html={note.description}
            badges={
              <>
                <Badge variant="light">{note.type}</Badge>
                {note.pharmUserOnly && showsAdminTag ? (
                  <Badge color="red.8">{CONTENT_MESSAGES.adminOnly}</Badge>
                ) : null}
              </>
            }
            onEdit={canManage ? () => setEditing(note) : undefined}
            onDelete={canManage ? () => confirmDelete(note) : undefined}
          />
        )}
      />
      {editing ? (
        <ReleaseNoteEditor
          note={editing === 'new' ? undefined : editing}
          today={localIsoDay(new Date())}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </Stack>
  );
}
