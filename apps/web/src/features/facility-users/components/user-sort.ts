import type { AdminUser } from '@portal/domain';
import type { SortState } from '@/components/sort-header.tsx';

/** Columns the users table sorts by (spec 2: name and email, name ascending by default). */
export type UserSortKey = 'displayName' | 'email';
export type UserSort = SortState<UserSortKey>;

/** Users whose name or email contains the search (case-insensitive), sorted. */
export function visibleUsers(users: readonly AdminUser[], search: string, sort: UserSort): AdminUser[] {
  const wanted = search.trim().toLowerCase();
  const matching = users.filter(
    (u) => !wanted || u.displayName.toLowerCase().includes(wanted) || u.email.toLowerCase().includes(wanted),
  );
  const sign = sort.direction === 'asc' ? 1 : -1;
  return matching.sort((a, b) => a[sort.key].localeCompare(b[sort.key]) * sign || a.userId - b.userId);
}
