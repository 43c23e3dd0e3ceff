import { Badge, Group, Stack, Tabs, Text } from '@mantine/core';
import { type AnyAlert, alertSubject, type Widget } from '@portal/domain';
import { useState } from 'react';
import { AlertPrintButtons } from '@/features/print';
import type { DetailTab } from '../api/detail-tab.ts';
import { useAlertPermissions } from '../hooks/use-alert-permissions.ts';
import { useAutoRead } from '../hooks/use-auto-read.ts';
import { ActionBar } from './action-bar.tsx';
import { AlertBadges } from './alert-badges.tsx';
import { AlertFields } from './alert-fields.tsx';
import { CopyLinkButton } from './copy-link-button.tsx';
import { DiscussionThread } from './discussion-thread.tsx';
import { readStateWords } from './read-state-words.ts';
import { ReadToggle } from './read-toggle.tsx';
import { ReplyBox } from './reply-box.tsx';

export interface AlertDetailContentProps {
  widget: Widget;
  alert: AnyAlert;
  onManualRead?: (() => void) | undefined;
  /** The tab shown first (Detail unless said). */
  initialTab?: DetailTab | undefined;
  /** Called when the user turns to another tab. */
  onTabChange?: ((tab: DetailTab) => void) | undefined;
}

/**
 * The detail of one alert: whose it is (patient and drug, above both tabs), badges, read toggle and copy link; the
 * Detail and Actions/Discussions tabs; the actions the viewer may take (spec 1, section 2).
 */
export function AlertDetailContent({
  widget,
  alert,
  onManualRead,
  initialTab = 'detail',
  onTabChange,
}: AlertDetailContentProps) {
  const permissions = useAlertPermissions(alert);
  useAutoRead(widget, alert, permissions);
  const [sentReplies, setSentReplies] = useState(0);
  const hasReplyBox = permissions.isPharmacySide && Boolean(permissions.user.mediprocityUser);
  const count = alert.requestedActions.length;
  return (
    <Stack gap="sm">
      <Text fw={600} data-testid="alert-subject">
        {alertSubject(alert)}
      </Text>
      <Group justify="space-between">
        <AlertBadges widget={widget} alert={alert} />
        <Group gap="xs">
          {permissions.canToggleRead ? (
            <ReadToggle widget={widget} alert={alert} onChanged={onManualRead} />
          ) : null}
          <CopyLinkButton widget={widget} alert={alert} />
        </Group>
      </Group>
      <AlertPrintButtons widget={widget} alert={alert} />
      <Tabs
        defaultValue={initialTab}
        keepMounted={false}
        onChange={(tab) => {
          if (tab === 'detail' || tab === 'actions') onTabChange?.(tab);
        }}
      >
        <Tabs.List>
          <Tabs.Tab value="detail">Detail</Tabs.Tab>
          <Tabs.Tab
            value="actions"
            rightSection={
              <Badge color="red.9" size="sm" circle aria-label={`${count} recorded actions`}>
                {count}
              </Badge>
            }
          >
            Actions/Discussions
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="detail" pt="sm">
          <AlertFields widget={widget} alert={alert} />
        </Tabs.Panel>
        <Tabs.Panel value="actions" pt="sm">
          <Stack gap="sm">
            <DiscussionThread
              widget={widget}
              alert={alert}
              canMarkReplies={permissions.canMarkReplies}
              readWords={readStateWords(permissions.user.userType)}
              sentReplies={sentReplies}
              hasReplyBox={hasReplyBox}
              opensAtNewest={permissions.isPharmacySide}
            />
            {hasReplyBox ? (
              <ReplyBox widget={widget} alert={alert} onSent={() => setSentReplies((n) => n + 1)} />
            ) : null}
          </Stack>
        </Tabs.Panel>
      </Tabs>
      <ActionBar widget={widget} alert={alert} permissions={permissions} />
    </Stack>
  );
}
