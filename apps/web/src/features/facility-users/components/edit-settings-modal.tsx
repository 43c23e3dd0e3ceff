import { ENDPOINTS, MessageAnswerSchema, USER_ADMIN_MESSAGES } from '@portal/domain';
import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { OpenModal } from '@/components/open-modal.tsx';
import { DashboardConfigForm, type DashboardSettingValues } from '@/features/account';
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

/**
 * Edit settings: another user's per-widget sort order and visibility, and the lock (posts `/usersetting`), in the
 * same form as the user's own Alerts dashboard configuration tab.
 */
export function EditSettingsModal({ user, onClose, listKey = FACILITY_USERS_KEY }: EditSettingsModalProps) {
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (settingValues: DashboardSettingValues) =>
      apiRequest(MessageAnswerSchema, ENDPOINTS.userSetting, {
        method: 'POST',
        body: { UserId: user.userId, settingValues },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: listKey }),
  });
  const submit = (values: DashboardSettingValues) =>
    save.mutate(values, {
      onSuccess: () => {
        notifySuccess(USER_ADMIN_MESSAGES.settingsSaved(user.displayName));
        onClose();
      },
      onError: notifyError,
    });
  return (
    <OpenModal onClose={onClose} title={`Edit settings for ${user.displayName}`} size="lg">
      <DashboardConfigForm
        settings={user.userSettings}
        onSubmit={submit}
        canLock
        isSubmitting={save.isPending}
        submitLabel="Save"
        onCancel={onClose}
      />
    </OpenModal>
  );
}
