import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { outbox } from '../../db/schema/index.ts';

/** The PUBLIC_URL the registration tests run with: the links in their mail start with it. */
export const PUBLIC_URL = 'https://portal.example.test';

/** The email and token of the `page` link in the newest mail to `to`, as the person clicking it would send them. */
export async function mailedLink(
  db: Db,
  to: string,
  page: string,
): Promise<{ email: string; token: string }> {
  const [mail] = await db.select().from(outbox).where(eq(outbox.to, to)).orderBy(desc(outbox.id)).limit(1);
  const match = mail?.textBody.match(new RegExp(`${PUBLIC_URL}${page}\\?\\S+`));
  if (!match) throw new Error(`no ${page} link mailed to ${to}`);
  const url = new URL(match[0]);
  return { email: url.searchParams.get('email') ?? '', token: url.searchParams.get('token') ?? '' };
}
