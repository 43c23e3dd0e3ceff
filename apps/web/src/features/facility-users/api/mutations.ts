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
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '@/lib/api-client.ts';

/** A POST mutation that refreshes every facility-users list when it settles. */
function usePost<I, S extends z.ZodType>(path: string, schema: S) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: I) => apiRequest(schema, path, { method: 'POST', body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['facility-users'] }),
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
export const useEditProfile = () =>
  usePost<EditUserInfoProfile, typeof EditUserInfoAnswerSchema>(
    ENDPOINTS.editUserInfo,
    EditUserInfoAnswerSchema,
  );
export const useDeleteUser = () =>
  usePost<DeleteUserInput, typeof MessageAnswerSchema>(ENDPOINTS.deleteUser, MessageAnswerSchema);
export const useAdminPasswordReset = () =>
  usePost<AdminPasswordResetInput, typeof AdminPasswordResetAnswerSchema>(
    ENDPOINTS.adminPasswordReset,
    AdminPasswordResetAnswerSchema,
  );
