import {
  ENDPOINTS,
  PackingSlipDetailsAnswerSchema,
  PackingSlipHeadersAnswerSchema,
  PackingSlipOpenAnswerSchema,
} from '@portal/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';

/** What the Totes page asks for: a US-format range or a search. */
export type ToteHeadersParams = { fdate: string; edate: string; tz?: string } | { SearchText: string };

/** `GET /packingslipheaders`. A failed fetch is logged and shows as an empty list (spec 2, section 8). */
export function toteHeadersQuery(params: ToteHeadersParams) {
  return queryOptions({
    queryKey: ['totes', 'headers', params],
    queryFn: async ({ signal }) => {
      try {
        return await apiRequest(PackingSlipHeadersAnswerSchema, ENDPOINTS.packingSlipHeaders, {
          query: params,
          signal,
        });
      } catch (error) {
        console.error('Totes could not be loaded', error);
        return { packingSlipHeadersList: [], count: 0 };
      }
    },
  });
}

/** The totes of a range or search. */
export function useToteHeaders(params: ToteHeadersParams) {
  return useQuery(toteHeadersQuery(params));
}

/** `GET /packingslipdetails`: the slips of one tote (failures logged, shown as no slips). */
export function usePackingSlips(facID: number, toteID: string) {
  return useQuery({
    queryKey: ['totes', 'slips', facID, toteID],
    queryFn: async ({ signal }) => {
      try {
        return await apiRequest(PackingSlipDetailsAnswerSchema, ENDPOINTS.packingSlipDetails, {
          query: { facID, toteID },
          signal,
        });
      } catch (error) {
        console.error('Packing slips could not be loaded', error);
        return { data: [] };
      }
    },
  });
}

/** `GET /packingslipdetailsopen`: the public slip, without a session. */
export function useOpenPackingSlip(facID: string, toteID: string, auth: string) {
  return useQuery({
    queryKey: ['totes', 'open', facID, toteID, auth],
    queryFn: async ({ signal }) => {
      try {
        return await apiRequest(PackingSlipOpenAnswerSchema, ENDPOINTS.packingSlipDetailsOpen, {
          query: { facID, toteID, auth },
          bearer: null,
          signal,
        });
      } catch (error) {
        console.error('Packing slip could not be loaded', error);
        return { slips: [] };
      }
    },
  });
}
