import type { FormPrefill, UserInfo } from '@portal/domain';

/** Today in the reader's time zone as MM/DD/YYYY. */
export function usToday(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(now.getMonth() + 1)}/${pad(now.getDate())}/${now.getFullYear()}`;
}

/** The prefill of a facility's forms for the signed-in user. */
export function formPrefill(
  facility: { facName: string; facState: string },
  user: Pick<UserInfo, 'displayName' | 'title'>,
  now: Date,
): FormPrefill {
  return {
    facilityName: facility.facName,
    userName: user.displayName,
    today: usToday(now),
    state: facility.facState,
    title: user.title,
  };
}
