import type { AnyAlert } from '@portal/domain';

/** The two tabs of an alert's detail. */
export type DetailTab = 'detail' | 'actions';

/**
 * The tab last chosen in an alert's dialog, for as long as the tab is open: a pharmacist working through a queue's
 * discussions, who turned to Actions/Discussions on one alert, finds the next one open there too instead of reaching
 * for the tab on every alert. Held in memory only, and dropped at sign-out, so the next person at
 * the computer starts on Detail.
 */
let chosen: DetailTab | null = null;

/** Forgets the chosen tab (sign-out). */
export function clearDetailTab(): void {
  chosen = null;
}

/** Remembers the tab the user turned to in a dialog. */
export function rememberDetailTab(tab: DetailTab): void {
  chosen = tab;
}

/**
 * The tab a dialog opened from a row starts on: Actions/Discussions when the row's bubble is red (an unread Reply is
 * what the user opened it for), else the tab last chosen in a dialog, else Detail. A dialog or page opened from a link
 * starts on Detail: its row, and so its bubble, was not seen.
 */
export function dialogTabOf(row: AnyAlert | undefined): DetailTab {
  if (!row) return 'detail';
  return row.hasUnreadReply ? 'actions' : (chosen ?? 'detail');
}
