import {
  type AddUserFacilitiesInput,
  AdminPasswordResetAnswerSchema,
  type AdminPasswordResetInput,
  type CreateUserInput,
  type DeleteUserInput,
  EditUserInfoAnswerSchema,
  type EditUserInfoProfile,
  type EditUserInput,
  ENDPOINTS,
  MessageAnswerSchema,
  type RemoveFacilityInput,
} from '@portal/domain';
import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '@/lib/api-client.ts';

/** The lists the user-administration modals refresh by default: every facility-users list. */
export const FACILITY_USERS_KEY: QueryKey = ['facility-users'];

/**
 * A POST mutation that refreshes the given lists (every facility-users list by default) when it settles. The refresh
 * is awaited before the caller's onSuccess or onError run, so a dialog opened next, or Edit Profile's Reload after a
 * 409, finds the list as it is now (with each user's current profileVersion).
 */
function usePost<I, S extends z.ZodType>(path: string, schema: S, listKey: QueryKey = FACILITY_USERS_KEY) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: I) => apiRequest(schema, path, { method: 'POST', body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: listKey }),
  });
}

export const useCreateUser = () =>
  usePost<CreateUserInput, typeof MessageAnswerSchema>(ENDPOINTS.createUser, MessageAnswerSchema);
export const useEditUserRole = () =>
  usePost<EditUserInput, typeof MessageAnswerSchema>(ENDPOINTS.editUser, MessageAnswerSchema);
export const useRemoveFacility = () =>
  usePost<RemoveFacilityInput, typeof MessageAnswerSchema>(ENDPOINTS.removeFacility, MessageAnswerSchema);
export const useAddUserFacilities = () =>
  usePost<AddUserFacilitiesInput, typeof MessageAnswerSchema>(
    ENDPOINTS.addUserFacilities,
    MessageAnswerSchema,
  );
export const useEditProfile = (listKey?: QueryKey) =>
  usePost<EditUserInfoProfile, typeof EditUserInfoAnswerSchema>(
    ENDPOINTS.editUserInfo,
    EditUserInfoAnswerSchema,
    listKey,
  );
export const useDeleteUser = (listKey?: QueryKey) =>
  usePost<DeleteUserInput, typeof MessageAnswerSchema>(ENDPOINTS.deleteUser, MessageAnswerSchema, listKey);
export const useAdminPasswordReset = (listKey?: QueryKey) =>
  usePost<AdminPasswordResetInput, typeof AdminPasswordResetAnswerSchema>(
    ENDPOINTS.adminPasswordReset,
    AdminPasswordResetAnswerSchema,
    listKey,
  );
