import type { Db } from '../client.ts';
import { releaseNotes, versions } from '../schema/index.ts';
import { daysBefore } from './random.ts';

const day = (now: Date, ago: number) => daysBefore(now, ago).toISOString().slice(0, 10);

/**
 * Release notes (some pharmacy-only, shown as 'Admin Only') and versions. Descriptions are already-sanitised
 * simple HTML: paragraphs, lists, emphasis and links only, as the sanitiser would leave them.
 */
export async function seedContent(db: Db, now: Date): Promise<void> {
  await db.insert(releaseNotes).values([
    {
      type: 'Feature',
      title: 'Refill too soon alerts on the dashboard',
      description:
        '<p>Refill too soon alerts now have their own widget.</p><ul><li>Due date column</li><li>Approve until refill date</li></ul>',
      date: day(now, 3),
      author: 'Portal Team',
    },
    {
      type: 'Improvement',
      title: 'Faster widget lists',
      description: '<p>Lists of <strong>thousands</strong> of alerts now page instantly.</p>',
      date: day(now, 17),
      author: 'Portal Team',
    },
    {
      type: 'Admin',
      title: 'Pharmacy user administration',
      description:
        '<p>SysAdmins can add pharmacies to a user and edit roles from the <em>Pharmacy Users</em> page.</p>',
      date: day(now, 24),
      author: 'Portal Team',
      pharmUserOnly: true,
    },
    {
      type: 'Fix',
      title: 'Packing slip signatures',
      description: '<p>Signatures on packing slips print at the right size.</p>',
      date: day(now, 41),
      author: 'Portal Team',
    },
    {
      type: 'Admin',
      title: 'Recycling bin for files',
      description:
        '<p>Deleted files stay in the recycling bin, visible to pharmacy users, until restored or purged.</p>',
      date: day(now, 58),
      author: 'Portal Team',
      pharmUserOnly: true,
    },
  ]);
  await db.insert(versions).values([
    {
      version: '2.4.0',
      title: 'Refill, pump and narcotics widgets',
      description: '<p>Three new paged widgets with background refresh.</p>',
      pharmUserDescription: '<p>Ingest API accepts the new widget types.</p>',
      date: day(now, 3),
      author: 'Portal Team',
    },
    {
      version: '2.3.1',
      title: 'Bug fixes',
      description: '<p>Read state sticks after a refresh.</p>',
      pharmUserDescription: '',
      date: day(now, 17),
      author: 'Portal Team',
    },
    {
      version: '2.3.0',
      title: 'Facility settings',
      description: '<p>Reminder emails and automatic responses per facility.</p>',
      pharmUserDescription: '<p>Pharmacy users can see every facility’s reminder settings.</p>',
      date: day(now, 41),
      author: 'Portal Team',
    },
    {
      version: '2.2.0',
      title: 'Files and totes',
      description: '<p>File manager and packing slips with delivery signatures.</p>',
      pharmUserDescription: '<p>Recycling bin for deleted files.</p>',
      date: day(now, 75),
      author: 'Portal Team',
    },
  ]);
}
