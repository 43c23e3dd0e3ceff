export { useAdminViewer } from './api/users.ts';
export { CreateUserModal } from './components/create-user-modal.tsx';
export { FacilityUserListModal } from './components/facility-user-list-modal.tsx';
export { FacilityUsersPage } from './components/facility-users-page.tsx';
