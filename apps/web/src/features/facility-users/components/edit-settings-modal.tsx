import { Button, Group, Modal, NumberInput, Stack, Switch, Table } from '@mantine/core';
import {
  ENDPOINTS,
  MessageAnswerSchema,
  USER_ADMIN_MESSAGES,
  WIDGETS,
  widgetSettingKeys,
} from '@portal/domain';
import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { apiRequest } from '@/lib/api-client.ts';
import { notifyError, notifySuccess } from '@/lib/notify.ts';
import { FACILITY_USERS_KEY } from '../api/mutations.ts';
import type { AdminTarget } from './admin-target.ts';

export interface EditSettingsModalProps {
  user: AdminTarget;
  onClose: () => void;
  /** The lists to refresh afterwards (facility-users lists by default). */
  listKey?: QueryKey;
}

type Row = { key: string; title: string; order: number; show: boolean };

/** Edit settings: another user's per-widget sort order and visibility, and the lock (posts `/usersetting`). */
export function EditSettingsModal({ user, onClose, listKey = FACILITY_USERS_KEY }: EditSettingsModalProps) {
  const settings = user.userSettings;
  const [rows, setRows] = useState<Row[]>(() =>
    WIDGETS.map((w, i) => {
      const keys = widgetSettingKeys(w.key);
      return {
        key: w.key,
        title: w.title,
        order: Number(settings[keys.sortOrder] ?? i + 1),
        show: settings[keys.show] !== false && settings[keys.show] !== 'false',
      };
    }),
  );
  const [isLocked, setLocked] = useState(settings.allowToSetSettings === false);
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (settingValues: Record<string, number | boolean>) =>
      apiRequest(MessageAnswerSchema, ENDPOINTS.userSetting, {
        method: 'POST',
        body: { UserId: user.userId, settingValues },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: listKey }),
  });
  const update = (key: string, change: Partial<Row>) =>
    setRows((list) => list.map((r) => (r.key === key ? { ...r, ...change } : r)));
  const submit = () => {
    const values: Record<string, number | boolean> = { allowToSetSettings: !isLocked };
    for (const row of rows) {
      const keys = widgetSettingKeys(row.key as (typeof WIDGETS)[number]['key']);
      values[keys.sortOrder] = row.order;
      values[keys.show] = row.show;
    }
    save.mutate(values, {
      onSuccess: () => {
        notifySuccess(USER_ADMIN_MESSAGES.settingsSaved(user.displayName));
        onClose();
      },
      onError: notifyError,
    });
  };
  return (
    <Modal opened onClose={onClose} title={`Edit settings for ${user.displayName}`} size="lg">
      <Stack gap="sm">
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Widget</Table.Th>
              <Table.Th>Sort order</Table.Th>
              <Table.Th>Show</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.key}>
                <Table.Td>{row.title}</Table.Td>
                <Table.Td>
                  <NumberInput
                    aria-label={`Sort order of ${row.title}`}
                    min={1}
                    max={WIDGETS.length}
                    value={row.order}
                    onChange={(v) => update(row.key, { order: Number(v) || 1 })}
                    w={90}
                  />
                </Table.Td>
                <Table.Td>
                  <Switch
                    aria-label={`Show ${row.title}`}
                    checked={row.show}
                    onChange={(e) => update(row.key, { show: e.currentTarget.checked })}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Switch
          label="Lock settings (the user cannot change them)"
          checked={isLocked}
          onChange={(e) => setLocked(e.currentTarget.checked)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={submit} loading={save.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
