import {
  ENDPOINTS,
  MessageAnswerSchema,
  ReleaseNoteAnswerSchema,
  type ReleaseNoteInput,
  ReleaseNotesAnswerSchema,
  VersionAnswerSchema,
  type VersionInput,
  VersionsAnswerSchema,
} from '@portal/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { notifyError, notifySuccess } from '@/lib/notify.ts';

const withId = (path: string, id: number) => path.replace(':id', String(id));

/** `GET /releasenotes`. */
export const releaseNotesQuery = queryOptions({
  queryKey: ['content', 'releaseNotes'],
  queryFn: ({ signal }) => apiRequest(ReleaseNotesAnswerSchema, ENDPOINTS.releaseNotes, { signal }),
});

/** `GET /versions`. */
export const versionsQuery = queryOptions({
  queryKey: ['content', 'versions'],
  queryFn: ({ signal }) => apiRequest(VersionsAnswerSchema, ENDPOINTS.versions, { signal }),
});

export const useReleaseNotes = () => useQuery(releaseNotesQuery);
export const useVersions = () => useQuery(versionsQuery);

/** Creates (no id) or edits a release note, then refreshes the list. */
export function useSaveReleaseNote() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: number; input: ReleaseNoteInput }) =>
      id === undefined
        ? apiRequest(ReleaseNoteAnswerSchema, ENDPOINTS.releaseNotes, { method: 'POST', body: input })
        : apiRequest(ReleaseNoteAnswerSchema, withId(ENDPOINTS.releaseNote, id), {
            method: 'PUT',
            body: input,
          }),
    onSuccess: () => {
      notifySuccess('Release note saved');
      return client.invalidateQueries({ queryKey: releaseNotesQuery.queryKey });
    },
    onError: notifyError,
  });
}

/** Deletes a release note. */
export function useDeleteReleaseNote() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest(MessageAnswerSchema, withId(ENDPOINTS.releaseNote, id), { method: 'DELETE' }),
    onSuccess: (answer) => {
      notifySuccess(answer.message);
      return client.invalidateQueries({ queryKey: releaseNotesQuery.queryKey });
    },
    onError: notifyError,
  });
}

/** Creates (no id) or edits a version. */
export function useSaveVersion() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: number; input: VersionInput }) =>
      id === undefined
        ? apiRequest(VersionAnswerSchema, ENDPOINTS.versions, { method: 'POST', body: input })
        : apiRequest(VersionAnswerSchema, withId(ENDPOINTS.version, id), { method: 'PUT', body: input }),
    onSuccess: () => {
      notifySuccess('Version saved');
      return client.invalidateQueries({ queryKey: versionsQuery.queryKey });
    },
    onError: notifyError,
  });
}

/** Deletes a version. */
export function useDeleteVersion() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest(MessageAnswerSchema, withId(ENDPOINTS.version, id), { method: 'DELETE' }),
    onSuccess: (answer) => {
      notifySuccess(answer.message);
      return client.invalidateQueries({ queryKey: versionsQuery.queryKey });
    },
    onError: notifyError,
  });
}
