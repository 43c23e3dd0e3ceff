import { z } from 'zod';
import { FACILITY_ADMIN_PERMISSIONS } from '../permissions.ts';
import { int4IdNumberOrDigits, int4IdText } from './ids.ts';

/** Minutes an added item shows the 'New' badge and marker (spec 2, section 9: 10080 minutes, 7 days). */
export const FILE_NEW_MINUTES = 10_080;

/**
 * Default cap on the stored bytes a folder download (a zip) may carry, checked before the first byte is sent. The
 * server reads it as FOLDER_ZIP_MAX_MB, so a deployment can move it.
 */
export const FOLDER_ZIP_MAX_MB = 500;

/** The file manager's messages (spec 2, sections 5 and 8), written once for the form, the toasts and the server. */
/** The longest description a file or folder may have. */
export const FILE_DESCRIPTION_MAX = 2000;

export const FILE_MESSAGES = {
  folderNameRequired: 'Folder name is required',
  nameRequired: 'Name is required',
  fileRequired: 'Please choose at least one file',
  badName: 'Names cannot contain slashes, control characters or be "." or ".."',
  nameTooLong: 'Names can be at most 255 characters',
  descriptionTooLong: `Descriptions can be at most ${FILE_DESCRIPTION_MAX} characters`,
  duplicateName: 'A file or folder with this name already exists here.',
  noFolders: 'No additional folders',
  emptyFolder: 'No Files/Folders',
  downloadError: 'Error downloading file/folder',
  permanentWarning: 'Permanently deleted files/folders cannot be recovered',
  /** Items deleted earlier from inside a folder are listed on their own in the bin, yet go with it. */
  permanentTakesEarlier: (n: number) =>
    `${n === 1 ? '1 item' : `${n} items`} deleted earlier from inside it, listed separately here, will be permanently deleted too.`,
  restoreError: 'Error: Error restoring file',
  infoUpdated: 'File/Folder Info successfully updated',
  infoUpdateError: 'File/Folder Info Update Error',
  folderCreated: 'Folder successfully created',
  /** The Rename dialog's toast, naming both names so the user sees which item changed (it may move in the list). */
  renamed: (from: string, to: string) => `${from} renamed to ${to}`,
  deleted: 'File/Folder successfully deleted',
  restored: 'File/Folder successfully restored',
  permanentlyDeleted: 'File/Folder permanently deleted',
  needsNewParent: 'A parent folder of this item was deleted: choose a new location.',
  /** A restore into another facility's or state's folder: what one facility keeps must not reach another. */
  otherTree: 'An item can only be restored inside its own facility or state folder.',
  anchorFixed: 'Facility and state folders cannot be renamed or deleted.',
  notDeleted: 'Only items in the recycling bin can be restored or permanently deleted.',
  notAFolder: 'Files can only be added to a folder.',
  tooLarge: (maxMb: number) => `The file is larger than the ${maxMb} MB limit.`,
  /** An upload that would run as a program (by its bytes or its name): the file manager holds documents. */
  program: (name: string) => `${name} is a program or script: programs cannot be uploaded.`,
  folderTooLarge: (maxMb: number) =>
    `The folder holds more than the ${maxMb} MB a download may carry; download its subfolders one at a time.`,
  topLevelDownload: 'Top-level folders and the facility and state folders in them cannot be downloaded.',
  uploadNotFound: 'The uploaded file was not found; upload it again.',
  uploadUsed: 'This upload is already registered.',
  chosenTwice: 'Two of the chosen files have this name; choose one of them.',
  uploadMissingFile: 'The upload needs a multipart field named "file".',
  uploadBroken: 'The upload was cut off or is not a multipart form; send the file again.',
} as const;

/** A chosen file's problem, naming the file: several may be chosen at once. */
export function aboutFile(name: string, message: string): string {
  return `${name}: ${message}`;
}

/**
 * What stops a choice of files from being uploaded into a folder, checked before any byte is sent (the server checks
 * each again): a name the server refuses (a program's among them), a file over the upload limit, a name a live item of the folder already has
 * (in any case), or two chosen files of one name. Each names its file; null when all may go. A nurse on a slow ward
 * connection is told at once, not after sending 30 MB that the server then refuses.
 */
export function uploadChoiceProblem(
  chosen: readonly { name: string; size: number }[],
  takenNames: readonly string[],
  maxBytes: number,
): string | null {
  const taken = new Set(takenNames.map((n) => n.toLowerCase()));
  const seen = new Set<string>();
  for (const file of chosen) {
    const nameProblem = fileNameProblem(file.name);
    if (nameProblem) return aboutFile(file.name, nameProblem);
    // Its message names the file already.
    const program = programNameProblem(file.name);
    if (program) return program;
    if (file.size > maxBytes)
      return aboutFile(file.name, FILE_MESSAGES.tooLarge(Math.round(maxBytes / 1024 / 1024)));
    const key = file.name.trim().toLowerCase();
    if (taken.has(key)) return aboutFile(file.name, FILE_MESSAGES.duplicateName);
    if (seen.has(key)) return aboutFile(file.name, FILE_MESSAGES.chosenTwice);
    seen.add(key);
  }
  return null;
}

/** The upload success toast: '{n} files successfully uploaded' or '1 file successfully uploaded'. */
export function uploadedMessage(count: number): string {
  return count === 1 ? '1 file successfully uploaded' : `${count} files successfully uploaded`;
}

/** 'Error #{status}: {message}', the toast of a failed folder or upload call. */
export function fileErrorToast(status: number, message: string): string {
  return `Error #${status}: ${message}`;
}

// Slashes and backslashes would make a path; C0/C1 controls and NUL corrupt names and headers.
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what is refused
const UNSAFE_NAME = /[/\\\u0000-\u001f\u007f-\u009f]/;

/** Why a file or folder name is refused, or null when it is safe: it can never leave its folder. */
export function fileNameProblem(name: string): string | null {
  if (name.trim() === '') return FILE_MESSAGES.nameRequired;
  if (name.length > 255) return FILE_MESSAGES.nameTooLong;
  if (UNSAFE_NAME.test(name) || name === '.' || name === '..') return FILE_MESSAGES.badName;
  return null;
}

/** Where an item lives: its root, and the facility (Facilities tree) or state (States tree) whose folder holds it. */
export interface FileTreePlace {
  root: 'facilities' | 'states';
  facId: number | null;
  state: string | null;
}

/**
 * Whether two items lie in the same top-level tree: one facility's folder, or one state's. An item never moves
 * between trees (a restore to a new location stays inside its own): a facility's files hold its residents' health
 * information, which another facility's staff must not be given, and a state folder is seen by every facility of
 * the state. The server checks this on the rows; the restore dialog offers only such folders (restoreDestinations).
 */
export function sameFileTree(a: FileTreePlace, b: FileTreePlace): boolean {
  if (a.root !== b.root) return false;
  return a.root === 'facilities'
    ? a.facId !== null && a.facId === b.facId
    : a.state !== null && a.state === b.state;
}

/**
 * The facility or state folder (the one directly under a root) that holds the folder `id`, from the flat folder list
 * (GET /topLevelFolders); null for a root or a folder not in the list.
 */
export function treeFolderOf(
  folders: readonly Pick<FileItem, 'file_id' | 'parent_id'>[],
  id: number,
): number | null {
  const byId = new Map(folders.map((f) => [f.file_id, f]));
  let at = byId.get(id);
  // Bounded by the list's length: a cycle in bad data ends the walk instead of hanging it.
  for (let step = 0; at && step <= folders.length; step += 1) {
    if (at.parent_id === null) return null;
    const parent = byId.get(at.parent_id);
    if (!parent) return null;
    if (parent.parent_id === null) return at.file_id;
    at = parent;
  }
  return null;
}

/**
 * The folders a deleted item may be restored into when its former folder is gone: live folders the viewer may edit
 * inside the item's own facility or state folder (`treeFolderId`, from GET /pre-restore), as sameFileTree has it.
 */
export function restoreDestinations<
  F extends Pick<FileItem, 'file_id' | 'parent_id' | 'editable' | 'deleted'>,
>(folders: readonly F[], treeFolderId: number | null): F[] {
  if (treeFolderId === null) return [];
  return folders.filter((f) => f.editable && !f.deleted && treeFolderOf(folders, f.file_id) === treeFolderId);
}

/** Names Windows runs, or opens as a script, when clicked, whatever the bytes hold. */
const PROGRAM_EXTENSIONS = new Set(
  'exe dll com scr pif cpl msi msp bat cmd ps1 psm1 vbs vbe js jse wsf wsh hta jar lnk reg sh'.split(' '),
);

/** A name's extension, lower case, or '' (none, or a name that only starts with a dot, such as '.profile'). */
export function fileExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

/**
 * Why a file may not carry this name, or null: a name that runs as a program when clicked (FILE_MESSAGES.program).
 * Trailing dots and spaces are left out first, as Windows drops them when it saves the file ('run.bat. ' is run.bat).
 * The upload and rename dialogs say it before sending; the server asks the same, and also sniffs the bytes (an
 * executable named '.pdf' is still one). Folders are not files that run: their names are not checked.
 */
export function programNameProblem(name: string): string | null {
  return PROGRAM_EXTENSIONS.has(fileExtension(name.replace(/[.\s]+$/, '')))
    ? FILE_MESSAGES.program(name)
    : null;
}

/**
 * Why an item may not be renamed from `from` to `to` beyond what its name field checks (fileNameField): a file given
 * a program's name. A name kept as it was is not checked again, as the server does not.
 */
export function renameProblem(kind: 'file' | 'folder', from: string, to: string): string | null {
  return kind === 'file' && to !== from ? programNameProblem(to) : null;
}

/** A file or folder description as both the forms and the server check it. */
const fileDescriptionField = () => z.string().max(FILE_DESCRIPTION_MAX, FILE_MESSAGES.descriptionTooLong);

/** A file or folder name as both the form and the server check it. */
export const fileNameField = (required: string = FILE_MESSAGES.nameRequired) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .superRefine((name, ctx) => {
      const problem = fileNameProblem(name);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    });

/** Whether an item was added within the last 7 days (the 'New' badge); `now` is the caller's clock. */
export function isNewFile(dateAdded: string, now: Date): boolean {
  const added = new Date(dateAdded).getTime();
  return !Number.isNaN(added) && now.getTime() - added <= FILE_NEW_MINUTES * 60_000;
}

/**
 * The folder a deleted item was in, from its `pathname_at_deletion` (which ends with the item's own name): what the
 * recycling bin shows as "Deleted from", so that two "Policies" of two facilities can be told apart. Null when the
 * path is not known.
 */
export function deletedFromFolder(pathnameAtDeletion: string | null): string | null {
  if (!pathnameAtDeletion) return null;
  const cut = pathnameAtDeletion.lastIndexOf('/');
  return cut > 0 ? pathnameAtDeletion.slice(0, cut) : '/';
}

/**
 * Whether Download is offered (spec 2, tile menu: "not in top-level folders, not for deleted items"): never for the
 * two roots nor the facility and state folders directly in them, never for a deleted item. The tiles' menu and the
 * folder download call both ask this.
 */
export function mayDownload(item: { deleted: boolean }, inTopLevel: boolean): boolean {
  return !inTopLevel && !item.deleted;
}

/** The name a downloaded folder is saved under. */
export function folderZipName(folderName: string): string {
  return `${folderName}.zip`;
}

/** A folder name in the sidebar tree: about 25 characters, minus a per-depth offset, with an ellipsis. */
export function truncateFolderName(name: string, depth: number): string {
  const limit = Math.max(8, 25 - depth * 3);
  return name.length > limit ? `${name.slice(0, limit - 1)}…` : name;
}

const ID_MESSAGE = 'A file or folder id is a positive whole number';
const id = int4IdText(ID_MESSAGE);
/** In bodies, where clients have sent file ids as numbers and as digits. */
const bodyId = int4IdNumberOrDigits(ID_MESSAGE);

/** `{id}` / `{file_id}` of a file call. */
export const FileIdParamsSchema = z.strictObject({ id });
export const FileIdParamsAltSchema = z.strictObject({ file_id: id });

/** A folder whose parent folder was deleted, as pre-restore and the bin report it. */
export const DeletedParentSchema = z.object({ file_id: z.number().int(), name: z.string() });

/** A file or folder as every file call answers it (spec 2, section 3). */
export const FileItemSchema = z.object({
  file_id: z.number().int(),
  /** The containing folder; null for the two roots. */
  parent_id: z.number().int().nullable(),
  name: z.string(),
  description: z.string(),
  file_or_folder: z.enum(['file', 'folder']),
  file_type: z.string(),
  full_file_type: z.string(),
  size: z.number().int().min(0),
  date_added: z.string(),
  file_last_added_at: z.string().nullable(),
  /** 'top_level' on the Facilities and States roots, else ''. */
  top_level_folder: z.string(),
  has_folders: z.boolean(),
  /** The viewer may add into (folders), rename and delete this item. */
  editable: z.boolean(),
  deleted: z.boolean(),
  deleted_at: z.string().nullable(),
  /** Items deleted together with this one (its subtree), itself excluded. */
  deleted_file_count: z.number().int().min(0),
  pathname_at_deletion: z.string().nullable(),
  deletedParentFolders: z.array(DeletedParentSchema),
});
export type FileItem = z.infer<typeof FileItemSchema>;

/** `GET /topLevelFolders`: every folder the viewer may see (roots first), flat; the client builds the tree. */
export const TopLevelFoldersAnswerSchema = z.object({ folders: z.array(FileItemSchema) });

/** `GET /files/{id}`: the folder and its children. */
export const FolderAnswerSchema = z.object({ folder: FileItemSchema, files: z.array(FileItemSchema) });

/** `POST /files/{id}`: a new folder, or an uploaded file registered into the folder. */
export const CreateFileInputSchema = z.discriminatedUnion('fileOrFolder', [
  z.strictObject({
    fileOrFolder: z.literal('folder'),
    name: fileNameField(FILE_MESSAGES.folderNameRequired),
    description: fileDescriptionField().default(''),
  }),
  z.strictObject({
    fileOrFolder: z.literal('file'),
    name: fileNameField(),
    description: fileDescriptionField().default(''),
    /** The `filename` /upload answered; the server trusts its own record of type and size, not these. */
    filenameOnServer: z.string().regex(/^[a-f0-9]{32}$/, 'Unknown upload'),
    fileType: z.string().max(100).optional(),
    fullFileType: z.string().max(200).optional(),
    fullPath: z.string().max(1000).optional(),
    size: z.number().int().min(0).optional(),
  }),
]);
export type CreateFileInput = z.input<typeof CreateFileInputSchema>;

/** The create folder form: name required. */
export const CreateFolderFormSchema = z.object({
  name: fileNameField(FILE_MESSAGES.folderNameRequired),
  description: fileDescriptionField(),
});

/**
 * `PUT /files/{file_id}`: the info modal's name and description, or the Rename dialog's name alone. A description
 * left out is kept as it is (a rename must not wipe it); an empty one clears it.
 */
export const UpdateFileInputSchema = z.strictObject({
  file_id: bodyId.optional(),
  name: fileNameField(),
  description: fileDescriptionField().optional(),
});

/** The Rename dialog (files and folders): the new name, checked as the server checks it. */
export const RenameFormSchema = z.object({ name: fileNameField() });
export type UpdateFileInput = z.input<typeof UpdateFileInputSchema>;

/** One changed item. */
export const FileAnswerSchema = z.object({ file: FileItemSchema });

/** `POST /upload`: the stored upload, registered afterwards with `POST /files/{id}`. */
export const UploadAnswerSchema = z.object({
  originalname: z.string(),
  filename: z.string(),
  /** Sniffed from the bytes, not taken from the client. */
  mimetype: z.string(),
  path: z.string(),
  size: z.number().int().min(0),
});
export type UploadAnswer = z.infer<typeof UploadAnswerSchema>;

/** `POST /files/foldernames`: the ids of a folder path (the URL's), answered with names, hidden ones left out. */
export const FolderNamesInputSchema = z.strictObject({ pathIds: z.array(bodyId).max(50) });
export const FolderNamesAnswerSchema = z.object({
  folders: z.array(z.object({ file_id: z.number().int(), name: z.string() })),
});

/** `GET /downloadbase64/{id}`: a file's bytes as base64 in JSON. */
export const Base64AnswerSchema = z.object({
  file_id: z.number().int(),
  name: z.string(),
  mimetype: z.string(),
  size: z.number().int(),
  data: z.string(),
});

/** `GET /recycling-bin`: deleted items (each deletion once, its subtree counted in deleted_file_count). */
export const RecyclingBinAnswerSchema = z.object({ files: z.array(FileItemSchema) });

/** `GET /pre-restore/{id}`: whether the item can go back where it was, or needs a new parent. */
export const PreRestoreAnswerSchema = z.object({
  file_id: z.number().int(),
  pathname_at_deletion: z.string().nullable(),
  deletedParentFolders: z.array(DeletedParentSchema),
  needsNewParent: z.boolean(),
  /** The facility or state folder the item is in: a new location must lie inside it (sameFileTree). */
  tree_folder_id: z.number().int().nullable(),
});
export type PreRestoreAnswer = z.infer<typeof PreRestoreAnswerSchema>;

/** `POST /restore`. */
export const RestoreInputSchema = z.strictObject({ fileId: bodyId, newParentId: bodyId.optional() });
export type RestoreInput = z.input<typeof RestoreInputSchema>;

/** Answer of the delete, permanent delete and restore calls. */
export const FileChangeAnswerSchema = z.object({ message: z.string(), file_id: z.number().int() });

/** The facility permission that lets a user change a tree: Facilities folders or States folders (spec 2, §2). */
export function filesEditKey(root: 'facilities' | 'states'): string {
  return root === 'facilities'
    ? FACILITY_ADMIN_PERMISSIONS.filesFacilityEdit
    : FACILITY_ADMIN_PERMISSIONS.filesStateEdit;
}

/** The recycling bin (and restore, permanent delete) are for pharmacy staff; super admins may too. */
export function mayUseRecyclingBin(userType: string): boolean {
  return userType === 'PharmacyUser' || userType === 'SuperAdmin';
}
