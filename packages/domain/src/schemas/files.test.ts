import { describe, expect, it } from 'vitest';
import {
  CreateFileInputSchema,
  deletedFromFolder,
  FILE_MESSAGES,
  FileIdParamsSchema,
  fileNameProblem,
  folderZipName,
  isNewFile,
  mayDownload,
  programNameProblem,
  renameProblem,
  restoreDestinations,
  sameFileTree,
  treeFolderOf,
  truncateFolderName,
  uploadChoiceProblem,
  uploadedMessage,
} from './files.ts';

const NOW = new Date('2026-11-02T15:00:00Z');

describe('file names', () => {
  it.each(['../x', '/etc/passwd', 'a\\b', 'a\u0000b', 'bell\u0007', 'del\u007f', '.', '..'])(
    'refuses %j',
    (name) => expect(fileNameProblem(name)).toMatch(/cannot contain/),
  );

  it.each(['Care Plan.pdf', 'résumé (2).txt', '..hidden', 'a..b'])('accepts %j', (name) =>
    expect(fileNameProblem(name)).toBeNull(),
  );

  it('asks for a folder name with the spec message', () => {
    const result = CreateFileInputSchema.safeParse({ fileOrFolder: 'folder', name: '  ' });
    expect(result.success ? null : result.error.issues[0]?.message).toBe('Folder name is required');
  });
});

describe('program names', () => {
  it.each([
    'setup.exe',
    'cleanup.BAT',
    'steps.cmd',
    'fix.ps1',
    'macro.vbs',
    'Report.JS',
    'page.hta',
    'Chart.lnk',
    'run.bat. ',
    'run.cmd...',
  ])('refuses %j with the program message', (name) =>
    expect(programNameProblem(name)).toBe(FILE_MESSAGES.program(name)),
  );

  it.each(['Care Plan.pdf', 'notes.txt', 'exe', '.bat', 'bat.pdf', 'json.json', 'a.jsx'])(
    'accepts %j',
    (name) => expect(programNameProblem(name)).toBeNull(),
  );

  it('checks a file renamed, not a folder, nor a name kept as it was', () => {
    expect(renameProblem('file', 'steps.txt', 'steps.ps1')).toBe(FILE_MESSAGES.program('steps.ps1'));
    expect(renameProblem('folder', 'Scripts', 'old.bat')).toBeNull();
    expect(renameProblem('file', 'legacy.bat', 'legacy.bat')).toBeNull();
  });

  it('is said before an upload, naming the file', () => {
    expect(
      uploadChoiceProblem(
        [
          { name: 'ok.pdf', size: 1 },
          { name: 'x.vbs', size: 1 },
        ],
        [],
        10,
      ),
    ).toBe(FILE_MESSAGES.program('x.vbs'));
  });
});

describe('display rules', () => {
  it('says how many files were uploaded', () => {
    expect(uploadedMessage(1)).toBe('1 file successfully uploaded');
    expect(uploadedMessage(3)).toBe('3 files successfully uploaded');
  });

  it('marks items new for 10080 minutes', () => {
    expect(isNewFile('2026-10-26T15:00:00Z', NOW)).toBe(true);
    expect(isNewFile('2026-10-26T14:59:00Z', NOW)).toBe(false);
  });

  it('names the folder a deleted item was in, from its path at deletion', () => {
    expect(deletedFromFolder('/Facilities/Meadowbrook Care Center (101)/Policies/Fall Risk.pdf')).toBe(
      '/Facilities/Meadowbrook Care Center (101)/Policies',
    );
    expect(deletedFromFolder('/Old Forms')).toBe('/');
    expect(deletedFromFolder(null)).toBeNull();
  });

  it('truncates tree names to about 25 characters, less per depth', () => {
    const long = 'Meadowbrook Care Center Annex (101)';
    expect(truncateFolderName('Policies', 3)).toBe('Policies');
    expect(truncateFolderName(long, 0)).toHaveLength(25);
    expect(truncateFolderName(long, 2).length).toBeLessThan(25);
    expect(truncateFolderName(long, 0).endsWith('…')).toBe(true);
  });
});

describe('download rule', () => {
  it.each([
    [{ deleted: false }, false, true],
    [{ deleted: true }, false, false],
    [{ deleted: false }, true, false],
    [{ deleted: true }, true, false],
  ])('offers Download for %j in a top-level folder %s: %s', (item, inTopLevel, expected) =>
    expect(mayDownload(item, inTopLevel)).toBe(expected),
  );

  it('saves a folder as its name with .zip', () => {
    expect(folderZipName('Care Plans')).toBe('Care Plans.zip');
  });
});

describe('file ids in a path', () => {
  it('name the problem in words, not in the validation library’s', () => {
    for (const bad of ['abc', '1.5', '0', '-3', '99999999999']) {
      expect(FileIdParamsSchema.safeParse({ id: bad }).error?.issues[0]?.message).toBe(
        'A file or folder id is a positive whole number',
      );
    }
    expect(FileIdParamsSchema.parse({ id: '42' })).toEqual({ id: 42 });
  });
});

describe('uploadChoiceProblem', () => {
  const MB = 1024 * 1024;
  const taken = ['Controlled Substance Count.txt', 'Reports'];

  it('lets a choice of new, small, well-named files go', () => {
    expect(
      uploadChoiceProblem(
        [
          { name: 'a.txt', size: 0 },
          { name: 'b.pdf', size: 25 * MB },
        ],
        taken,
        25 * MB,
      ),
    ).toBeNull();
  });

  it('names the file over the limit, at the limit the server has', () => {
    expect(
      uploadChoiceProblem(
        [
          { name: 'ok.txt', size: 1 },
          { name: 'scan.tif', size: 25 * MB + 1 },
        ],
        taken,
        25 * MB,
      ),
    ).toBe('scan.tif: The file is larger than the 25 MB limit.');
  });

  it('names a file whose name the folder already has, in any case', () => {
    expect(uploadChoiceProblem([{ name: 'controlled substance count.TXT', size: 3 }], taken, 25 * MB)).toBe(
      `controlled substance count.TXT: ${FILE_MESSAGES.duplicateName}`,
    );
  });

  it('names a file chosen twice, and a name the server refuses', () => {
    expect(
      uploadChoiceProblem(
        [
          { name: 'a.txt', size: 1 },
          { name: 'A.txt', size: 2 },
        ],
        [],
        25 * MB,
      ),
    ).toBe(`A.txt: ${FILE_MESSAGES.chosenTwice}`);
    expect(uploadChoiceProblem([{ name: 'bell\u0007.txt', size: 1 }], [], 25 * MB)).toBe(
      `bell\u0007.txt: ${FILE_MESSAGES.badName}`,
    );
  });
});

describe('one tree per facility and per state', () => {
  const meadowbrook = { root: 'facilities', facId: 101, state: null } as const;
  it.each([
    [meadowbrook, { root: 'facilities', facId: 101, state: null }, true],
    [meadowbrook, { root: 'facilities', facId: 201, state: null }, false],
    [meadowbrook, { root: 'states', facId: null, state: 'NJ' }, false],
    [{ root: 'states', facId: null, state: 'NJ' }, { root: 'states', facId: null, state: 'NJ' }, true],
    [{ root: 'states', facId: null, state: 'NJ' }, { root: 'states', facId: null, state: 'NY' }, false],
    // The roots belong to no facility or state: nothing is in their tree.
    [
      { root: 'facilities', facId: null, state: null },
      { root: 'facilities', facId: null, state: null },
      false,
    ],
  ] as const)('%o and %o: %s', (a, b, same) => expect(sameFileTree(a, b)).toBe(same));

  // Facilities (1) > Meadowbrook (2) > Policies (3) > Care Plans (4); Lakeside (5) > Reports (6); States (7) > NJ (8).
  const folder = (file_id: number, parent_id: number | null, editable = true) => ({
    file_id,
    parent_id,
    editable,
    deleted: false,
  });
  const folders = [
    folder(1, null, false),
    folder(2, 1),
    folder(3, 2),
    folder(4, 3),
    folder(5, 1),
    folder(6, 5, false),
    folder(7, null, false),
    folder(8, 7),
  ];

  it('finds the facility or state folder above a folder', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 99].map((id) => treeFolderOf(folders, id))).toEqual([
      null,
      2,
      2,
      2,
      5,
      5,
      null,
      8,
      null,
    ]);
  });

  it('offers as restore destinations only the editable folders of the same tree', () => {
    expect(restoreDestinations(folders, 2).map((f) => f.file_id)).toEqual([2, 3, 4]);
    expect(restoreDestinations(folders, 5).map((f) => f.file_id)).toEqual([5]);
    expect(restoreDestinations(folders, null)).toEqual([]);
  });
});
