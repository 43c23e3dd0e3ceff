import type { AdminUser } from '@portal/domain';

/** The user a modal acts on: what both the facility and the pharmacy administration lists carry. */
export type AdminTarget = Pick<
  AdminUser,
  'userId' | 'email' | 'displayName' | 'phone' | 'profileVersion' | 'userSettings'
>;
