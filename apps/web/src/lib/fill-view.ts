import { FILL_COOKIE, formatFillCookie } from '@portal/domain';

/** Where the tab keeps what each fitted page measured, by page and window width (numbers only, no patient data). */
const STORAGE_KEY = 'portal:fill-height-rest';

/** The key of a page's remembered rest: its layout at a window width. */
export const restKey = (layout: string, width: number) => `${layout}@${width}`;

/** What each fitted page measured of the rest of the page, by `restKey`. */
export function rememberedRests(): Record<string, number> {
  try {
    const stored: unknown = JSON.parse(window.sessionStorage.getItem(STORAGE_KEY) ?? '{}');
    return stored && typeof stored === 'object' ? (stored as Record<string, number>) : {};
  } catch {
    return {};
  }
}

/**
 * Keeps the window's size and this width's rests in FILL_COOKIE, so the next page the server draws
 * (ssr/entry-server.tsx) is laid out for this window (a tablet's condensed navigation) and its fitted table has
 * the height this browser gives it. A year long, SameSite=Strict, like the zone cookie.
 */
export function reportView(rests: Record<string, number> = rememberedRests()): void {
  const suffix = `@${window.innerWidth}`;
  const atWidth = Object.fromEntries(
    Object.entries(rests)
      .filter(([key]) => key.endsWith(suffix))
      .map(([key, rest]) => [key.slice(0, -suffix.length), rest]),
  );
  const value = formatFillCookie({ width: window.innerWidth, height: window.innerHeight, rests: atWidth });
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  try {
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from browsers wards still run (Safari before 18.4); the value is encoded.
    document.cookie = `${FILL_COOKIE}=${encodeURIComponent(value)}; Path=/; Max-Age=31536000; SameSite=Strict${secure}`;
  } catch {
    // No cookies here: the server draws for a desktop at the least heights, and the browser then fits the page.
  }
}

/** Remembers a page's rest at this width, for the tab and for the server's next drawing. */
export function rememberRest(layout: string, rest: number): void {
  const key = restKey(layout, window.innerWidth);
  const rests = rememberedRests();
  if (rests[key] !== rest) {
    try {
      window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify({ ...rests, [key]: rest }));
    } catch {
      // Storage full or refused: the next visit measures again, as the first did.
    }
  }
  reportView({ ...rests, [key]: rest });
}
