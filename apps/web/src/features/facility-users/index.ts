export { useAdminViewer } from './api/users.ts';
export type { AdminTarget } from './components/admin-target.ts';
export { CreateUserModal } from './components/create-user-modal.tsx';
export { DeleteUserModal } from './components/delete-user-modal.tsx';
export { EditProfileModal } from './components/edit-profile-modal.tsx';
export { EditSettingsModal } from './components/edit-settings-modal.tsx';
export { FacilityUserListModal } from './components/facility-user-list-modal.tsx';
export { FacilityUsersPage } from './components/facility-users-page.tsx';
export { ResetPasswordModal } from './components/reset-password-modal.tsx';
