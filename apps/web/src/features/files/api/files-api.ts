import {
  FILE_ENDPOINTS,
  FileAnswerSchema,
  FileChangeAnswerSchema,
  FolderAnswerSchema,
  FolderNamesAnswerSchema,
  PreRestoreAnswerSchema,
  RecyclingBinAnswerSchema,
  type RestoreInput,
  TopLevelFoldersAnswerSchema,
  type UpdateFileInput,
} from '@portal/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { useClientConfig } from '@/lib/client-config.ts';

const withId = (path: string, id: number) => path.replace(/:(id|file_id)/, String(id));

/** `GET /topLevelFolders`: every folder the viewer may see, flat. */
export function topLevelFoldersQuery(base: string) {
  return queryOptions({
    queryKey: ['files', 'folders', base],
    queryFn: ({ signal }) =>
      apiRequest(TopLevelFoldersAnswerSchema, FILE_ENDPOINTS.topLevelFolders, { base, signal }),
  });
}

/** `GET /files/{id}`: a folder and its children. */
export function folderQuery(base: string, id: number) {
  return queryOptions({
    queryKey: ['files', 'folder', base, id],
    queryFn: ({ signal }) =>
      apiRequest(FolderAnswerSchema, withId(FILE_ENDPOINTS.folder, id), { base, signal }),
  });
}

/** `POST /files/foldernames`: the breadcrumb's names for the URL's ids. */
export function folderNamesQuery(base: string, pathIds: number[]) {
  return queryOptions({
    queryKey: ['files', 'names', base, pathIds],
    queryFn: ({ signal }) =>
      apiRequest(FolderNamesAnswerSchema, FILE_ENDPOINTS.folderNames, {
        base,
        method: 'POST',
        body: { pathIds },
        signal,
      }),
    enabled: pathIds.length > 0,
  });
}

/** `GET /recycling-bin`. */
export function recyclingBinQuery(base: string) {
  return queryOptions({
    queryKey: ['files', 'bin', base],
    queryFn: ({ signal }) =>
      apiRequest(RecyclingBinAnswerSchema, FILE_ENDPOINTS.recyclingBin, { base, signal }),
  });
}

/** The file service base from client configuration. */
export function useFileBase(): string {
  return useClientConfig().fileBase;
}

export const useTopLevelFolders = () => useQuery(topLevelFoldersQuery(useFileBase()));
export const useFolder = (id: number | null) => {
  const base = useFileBase();
  return useQuery({ ...folderQuery(base, id ?? 0), enabled: id !== null });
};
export const useFolderNames = (ids: number[]) => useQuery(folderNamesQuery(useFileBase(), ids));
export const useRecyclingBin = (enabled: boolean) =>
  useQuery({ ...recyclingBinQuery(useFileBase()), enabled });

/** `GET /pre-restore/{id}`, asked when the restore dialog opens. */
export function preRestore(base: string, id: number) {
  return apiRequest(PreRestoreAnswerSchema, withId(FILE_ENDPOINTS.preRestore, id), { base });
}

function useFilesMutation<I, O>(call: (base: string, input: I) => Promise<O>) {
  const base = useFileBase();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: I) => call(base, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['files'] }),
  });
}

/** `POST /files/{id}` with a folder. */
export const useCreateFolder = () =>
  useFilesMutation((base, input: { parentId: number; name: string; description: string }) =>
    apiRequest(FileAnswerSchema, withId(FILE_ENDPOINTS.folder, input.parentId), {
      base,
      method: 'POST',
      body: { fileOrFolder: 'folder', name: input.name, description: input.description },
    }),
  );

/** `POST /files/{id}` registering an uploaded file. */
export function registerUpload(
  base: string,
  input: { parentId: number; name: string; filenameOnServer: string; size: number; mimetype: string },
) {
  return apiRequest(FileAnswerSchema, withId(FILE_ENDPOINTS.folder, input.parentId), {
    base,
    method: 'POST',
    body: {
      fileOrFolder: 'file',
      name: input.name,
      filenameOnServer: input.filenameOnServer,
      size: input.size,
      fullFileType: input.mimetype,
    },
  });
}

/** `PUT /files/{file_id}`: name and description. */
export const useUpdateFile = () =>
  useFilesMutation((base, input: UpdateFileInput & { file_id: number }) =>
    apiRequest(FileAnswerSchema, withId(FILE_ENDPOINTS.file, input.file_id), {
      base,
      method: 'PUT',
      body: input,
    }),
  );

/** `DELETE /files/{id}`: to the recycling bin. */
export const useDeleteFile = () =>
  useFilesMutation((base, id: number) =>
    apiRequest(FileChangeAnswerSchema, withId(FILE_ENDPOINTS.folder, id), { base, method: 'DELETE' }),
  );

/** `DELETE /delete/files/{id}`: for good. */
export const usePermanentDelete = () =>
  useFilesMutation((base, id: number) =>
    apiRequest(FileChangeAnswerSchema, withId(FILE_ENDPOINTS.permanentDelete, id), {
      base,
      method: 'DELETE',
    }),
  );

/** `POST /restore`. */
export const useRestore = () =>
  useFilesMutation((base, input: RestoreInput) =>
    apiRequest(FileChangeAnswerSchema, FILE_ENDPOINTS.restore, { base, method: 'POST', body: input }),
  );
