import { CLIENT_CONFIG_PATH, ClientConfigSchema, DEFAULT_CLIENT_CONFIG } from '@portal/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client.ts';

/** The public client configuration (bases and idle timers), fetched once per page load. */
export const clientConfigQuery = queryOptions({
  queryKey: ['shell', 'client-config'],
  queryFn: ({ signal }) => apiRequest(ClientConfigSchema, CLIENT_CONFIG_PATH, { bearer: null, signal }),
  staleTime: Number.POSITIVE_INFINITY,
  gcTime: Number.POSITIVE_INFINITY,
});

/** Client configuration; the spec's defaults until (or unless) the server answers. */
export function useClientConfig() {
  const query = useQuery(clientConfigQuery);
  return query.data ?? DEFAULT_CLIENT_CONFIG;
}
