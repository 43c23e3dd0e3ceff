import {
  ENDPOINTS,
  type PackingSlip,
  PackingSlipDetailsAnswerSchema,
  PackingSlipHeadersAnswerSchema,
  PackingSlipOpenAnswerSchema,
} from '@portal/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { isApiError } from '@/lib/api-error.ts';

/**
 * The answer, or on a failure the empty one, logged (spec 2, section 8). A request cancelled because nobody waits for
 * it any more (a tote closed before its slips came, a range changed again) is no failure: it was logged as one.
 */
async function orEmpty<T>(request: Promise<T>, signal: AbortSignal, what: string, empty: T): Promise<T> {
  try {
    return await request;
  } catch (error) {
    if (signal.aborted) throw error;
    console.error(`${what} could not be loaded`, error);
    return empty;
  }
}

/** What the Totes page asks for: a US-format range or a search. */
export type ToteHeadersParams = { fdate: string; edate: string; tz?: string } | { SearchText: string };

/** `GET /packingslipheaders`. A failed fetch is logged and shows as an empty list (spec 2, section 8). */
export function toteHeadersQuery(params: ToteHeadersParams) {
  return queryOptions({
    queryKey: ['totes', 'headers', params],
    queryFn: ({ signal }) =>
      orEmpty(
        apiRequest(PackingSlipHeadersAnswerSchema, ENDPOINTS.packingSlipHeaders, { query: params, signal }),
        signal,
        'Totes',
        { packingSlipHeadersList: [], count: 0 },
      ),
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
    queryFn: ({ signal }) =>
      orEmpty(
        apiRequest(PackingSlipDetailsAnswerSchema, ENDPOINTS.packingSlipDetails, {
          query: { facID, toteID },
          signal,
        }),
        signal,
        'Packing slips',
        { data: [] },
      ),
  });
}

/** The public slip's answer as the page reads it: `isRefused` when the link itself was turned down. */
export interface OpenSlipAnswer {
  slips: PackingSlip[];
  isRefused: boolean;
}

/**
 * `GET /packingslipdetailsopen`: the public slip, without a session. A 404 (an expired, forged or altered token,
 * which the server does not tell apart) or a 400 (a link cut short) refuses the link; any other failure is logged
 * and shows as no slips, like the signed-in calls.
 */
export function useOpenPackingSlip(facID: string, toteID: string, auth: string) {
  return useQuery({
    queryKey: ['totes', 'open', facID, toteID, auth],
    queryFn: ({ signal }): Promise<OpenSlipAnswer> =>
      orEmpty(
        apiRequest(PackingSlipOpenAnswerSchema, ENDPOINTS.packingSlipDetailsOpen, {
          query: { facID, toteID, auth },
          bearer: null,
          signal,
        }).then(
          ({ slips }) => ({ slips, isRefused: false }),
          (error: unknown) => {
            if (isApiError(error, 404) || isApiError(error, 400)) return { slips: [], isRefused: true };
            throw error;
          },
        ),
        signal,
        'Packing slip',
        { slips: [], isRefused: false },
      ),
  });
}
