import type { Db } from '../client.ts';
import { files } from '../schema/index.ts';
import { DEMO_FACILITIES, DEMO_PHARMACIES } from './organisations.ts';
import { daysBefore } from './random.ts';
import { tinyPdf } from './tiny-pdf.ts';

/** Writes a stored file's bytes; main.ts passes one writing under DATA_DIR/files. */
export type WriteFile = (storageKey: string, bytes: Uint8Array) => Promise<void>;

interface FileNode {
  readonly name: string;
  readonly bytes?: () => Uint8Array;
  readonly mime?: string;
  readonly children?: readonly FileNode[];
  /** Days before now the item was added. */
  readonly age: number;
  /** In the recycling bin, deleted this many days ago. */
  readonly deletedDaysAgo?: number;
}

const text = (s: string) => () => Buffer.from(s, 'utf8');
const pdf = (title: string, lines: string[]) => () => tinyPdf(title, lines);

function facilityTree(name: string, facId: number): FileNode[] {
  const tree: FileNode[] = [
    {
      name: 'Policies',
      age: 40,
      children: [
        // biome-ignore format: one file per line
        { name: 'Medication Pass Policy.pdf', age: 40, mime: 'application/pdf', bytes: pdf(`${name}: Medication Pass Policy`, ['Medications are passed within one hour of the scheduled time.', 'Two identifiers are checked before every pass.']) },
        // biome-ignore format: one file per line
        { name: 'Controlled Substance Count.txt', age: 12, mime: 'text/plain', bytes: text('Count narcotics at every shift change, two nurses, sign the count sheet.\n') },
      ],
    },
    {
      name: 'Reports',
      age: 30,
      children: [
        // biome-ignore format: one file per line
        { name: 'Monthly Cost Report.csv', age: 3, mime: 'text/csv', bytes: text(`facID,month,alerts,total\n${facId},2026-09,118,48211.40\n${facId},2026-10,131,52980.15\n`) },
      ],
    },
  ];
  if (facId === 101) {
    // The recycling bin of the demo: a deleted folder with its file, and a deleted file.
    tree.push(
      {
        name: 'Old Forms',
        age: 90,
        deletedDaysAgo: 5,
        children: [
          {
            name: 'Admission Checklist 2024.txt',
            age: 90,
            mime: 'text/plain',
            bytes: text('Superseded.\n'),
            deletedDaysAgo: 5,
          },
        ],
      },
      {
        name: 'Draft Formulary.txt',
        age: 20,
        mime: 'text/plain',
        bytes: text('Draft, do not use.\n'),
        deletedDaysAgo: 2,
      },
    );
  }
  return tree;
}

function stateTree(state: string): FileNode[] {
  return [
    // biome-ignore format: one file per line
    { name: `${state} Board of Pharmacy - LTC Rules.pdf`, age: 60, mime: 'application/pdf', bytes: pdf(`${state} long-term-care pharmacy rules`, ['Summary for facility staff.', 'See the board website for the full text.']) },
    // biome-ignore format: one file per line
    { name: 'Emergency Kit Contents.csv', age: 15, mime: 'text/csv', bytes: text('drug,qty\nNaloxone 4 mg nasal spray,2\nEpinephrine 0.3 mg auto-injector,1\n') },
  ];
}

interface Place {
  readonly root: 'facilities' | 'states';
  readonly facId: number | null;
  readonly state: string | null;
  readonly path: string;
}

/**
 * The file manager's two trees (Facilities root, a folder per facility; States root, a folder per state) with
 * small real files, and a deleted folder and file in the recycling bin. Bytes go through `writeFile` when given.
 */
export async function seedFiles(
  db: Db,
  now: Date,
  createdBy: number | null,
  writeFile?: WriteFile,
): Promise<void> {
  const insertNode = async (
    parentId: number | null,
    node: FileNode,
    place: Place,
    isTopLevel = false,
  ): Promise<number | null> => {
    const path = `${place.path}/${node.name}`;
    const bytes = node.bytes?.();
    const storageKey = bytes ? `demo${path.toLowerCase().replace(/[^a-z0-9/.]+/g, '-')}` : null;
    if (bytes && storageKey && writeFile) await writeFile(storageKey, bytes);
    const deletedAt = node.deletedDaysAgo === undefined ? null : daysBefore(now, node.deletedDaysAgo);
    const ext = node.name.includes('.') ? (node.name.split('.').pop() ?? '') : '';
    const [row] = await db
      .insert(files)
      .values({
        parentId,
        name: node.name,
        kind: node.children || !bytes ? 'folder' : 'file',
        root: place.root,
        isTopLevel,
        facId: place.facId,
        state: place.state,
        fileType: ext,
        fullFileType: node.mime ?? '',
        size: bytes?.length ?? 0,
        storageKey,
        createdBy,
        createdAt: daysBefore(now, node.age),
        lastAddedAt: node.children?.length
          ? daysBefore(now, Math.min(...node.children.map((c) => c.age)))
          : null,
        deletedAt,
        deletedBy: deletedAt ? createdBy : null,
        pathnameAtDeletion: deletedAt ? path : null,
      })
      .returning({ id: files.id });
    for (const child of node.children ?? []) await insertNode(row?.id ?? null, child, { ...place, path });
    return row?.id ?? null;
  };
  const facilitiesRoot = await insertNode(
    null,
    { name: 'Facilities', age: 120, children: [] },
    ROOT_FACILITIES,
    true,
  );
  for (const f of DEMO_FACILITIES) {
    const folder = { name: `${f.name} (${f.facId})`, age: 100, children: facilityTree(f.name, f.facId) };
    await insertNode(facilitiesRoot, folder, {
      root: 'facilities',
      facId: f.facId,
      state: null,
      path: '/Facilities',
    });
  }
  const statesRoot = await insertNode(null, { name: 'States', age: 120, children: [] }, ROOT_STATES, true);
  for (const state of DEMO_PHARMACIES.map((p) => p.state)) {
    const folder = { name: state, age: 100, children: stateTree(state) };
    await insertNode(statesRoot, folder, { root: 'states', facId: null, state, path: '/States' });
  }
}

const ROOT_FACILITIES: Place = { root: 'facilities', facId: null, state: null, path: '' };
const ROOT_STATES: Place = { root: 'states', facId: null, state: null, path: '' };
