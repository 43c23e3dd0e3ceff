import {
  CreatedPharmacyKeySchema,
  type CreatePharmacyKeyInput,
  CreatePharmacyKeyInputSchema,
  ENDPOINTS,
  PharmaciesAnswerSchema,
  PharmacyKeySchema,
  PharmacyKeysAnswerSchema,
} from '@portal/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';

/** `GET /pharmacy-keys`: the keys of the pharmacies the viewer administers, last four characters only. */
export function pharmacyKeysQuery() {
  return queryOptions({
    queryKey: ['pharmacy-keys'],
    queryFn: ({ signal }) => apiRequest(PharmacyKeysAnswerSchema, ENDPOINTS.pharmacyKeys, { signal }),
  });
}

/** The keys the viewer manages. */
export function usePharmacyKeys() {
  return useQuery(pharmacyKeysQuery());
}

/** `GET /pharmacies` (the cache the alert screens share): where the viewer may create keys. */
export function usePharmacyChoices() {
  return useQuery({
    queryKey: ['pharmacies'],
    queryFn: ({ signal }) => apiRequest(PharmaciesAnswerSchema, ENDPOINTS.pharmacies, { signal }),
    staleTime: 5 * 60_000,
  });
}

/** `POST /pharmacy-keys`: answers the key itself, this once. */
export function useCreatePharmacyKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreatePharmacyKeyInput) =>
      apiRequest(CreatedPharmacyKeySchema, ENDPOINTS.pharmacyKeys, {
        method: 'POST',
        body: CreatePharmacyKeyInputSchema.parse(input),
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: pharmacyKeysQuery().queryKey }),
  });
}

/** `DELETE /pharmacy-keys/{id}`: revokes a key. */
export function useRevokePharmacyKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest(PharmacyKeySchema, ENDPOINTS.pharmacyKey.replace(':id', String(id)), { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: pharmacyKeysQuery().queryKey }),
  });
}
