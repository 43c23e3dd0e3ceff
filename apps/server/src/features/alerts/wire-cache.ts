import type { Widget } from '@portal/domain';
import { LRUCache } from 'lru-cache';
import { toWireAlert, type WireActionRow, type WireAlertRow } from './mapping.ts';

/**
 * The bound of the wire-alert cache, in bytes (strings counted at two bytes a character, V8's worst case). 32 MB
 * holds the wire form of ~15,000 alerts of ~1 KB, several busy lists' worth.
 */
export const WIRE_CACHE_MAX_BYTES = 32 * 1024 * 1024;

/** What one entry costs beyond its strings (the LRU's node and the strings' headers), a generous guess. */
const ENTRY_OVERHEAD_BYTES = 128;

/**
 * A cache from what `toWireAlert` reads (the widget, the alert's facility name and its kept list row, named by the
 * alert's id and the row's revision) to the wire alert's JSON text. A revision names one exact `list_json` text
 * (the trigger of migration 0009 takes a fresh one whenever the text changes), so an alert that changes has
 * another key and an entry can never be stale; old entries just age out of the LRU.
 */
export function createWireCache(maxBytes = WIRE_CACHE_MAX_BYTES) {
  return new LRUCache<string, string>({
    maxSize: maxBytes,
    sizeCalculation: (value, key) => (key.length + value.length) * 2 + ENTRY_OVERHEAD_BYTES,
  });
}

export type WireCache = ReturnType<typeof createWireCache>;

/** The list call's cache, one per server process. */
export const wireCache = createWireCache();

/** A page row as the list statement answers it: the kept text only when it was asked for. */
export interface KeptRowRef {
  id: number;
  rev: number;
  facName: string;
  listJson: string | null;
}

/** Reads the kept texts of exact revisions (`fetchListTexts`): an alert changed since then is absent. */
export type FetchTexts = (wanted: { id: number; rev: number }[]) => Promise<Map<number, string>>;

// Widget keys are constants and id and revision are digits, so the name may hold anything, last.
const keyOf = (widget: Widget, row: KeptRowRef) =>
  `${widget.key}\u0000${row.id}\u0000${row.rev}\u0000${row.facName}`;

function remember(cache: WireCache, key: string, widget: Widget, listJson: string, facName: string): string {
  const kept = JSON.parse(listJson) as { alert: WireAlertRow; actions: WireActionRow[] };
  const text = JSON.stringify(toWireAlert(widget, kept.alert, facName, kept.actions));
  cache.set(key, text);
  return text;
}

/**
 * Each page row's wire alert JSON text (`JSON.stringify(toWireAlert(...))`), in order: from the cache, else from
 * the row's own kept text, else fetched by revision in one statement. Answers null when an alert changed between
 * the page and that fetch (its revision is gone): the caller reads the page again, texts included.
 */
export async function wirePageTexts(
  cache: WireCache,
  widget: Widget,
  rows: readonly KeptRowRef[],
  fetchTexts: FetchTexts,
): Promise<string[] | null> {
  const texts: string[] = [];
  const missing: number[] = [];
  rows.forEach((row, i) => {
    const key = keyOf(widget, row);
    const hit =
      cache.get(key) ??
      (row.listJson === null ? undefined : remember(cache, key, widget, row.listJson, row.facName));
    if (hit === undefined) missing.push(i);
    else texts[i] = hit;
  });
  if (missing.length === 0) return texts;
  const fetched = await fetchTexts(missing.map((i) => ({ id: rows[i]?.id ?? 0, rev: rows[i]?.rev ?? 0 })));
  for (const i of missing) {
    const row = rows[i];
    const listJson = row ? fetched.get(row.id) : undefined;
    if (!row || listJson === undefined) return null;
    texts[i] = remember(cache, keyOf(widget, row), widget, listJson, row.facName);
  }
  return texts;
}

/**
 * The bound of the page cache, in bytes (each page's UTF-8 body plus its key at two bytes a character). A page of
 * 100 alerts is ~85 KB: 32 MB holds ~380 recent pages.
 */
export const PAGE_CACHE_MAX_BYTES = 32 * 1024 * 1024;

/**
 * A cache from one page of a list, named by the list statement's page text (each row's id, revision and facility
 * name, in order: `ListStatementAnswer.page`), to the UTF-8 bytes of its alerts' wire JSON joined by commas: what
 * `wirePageTexts` makes of those rows. As with the wire cache, a name is exact (every revision names one kept text),
 * so an entry is never stale and nothing in it depends on who asks: the statement has already chosen the rows the
 * caller may see. A page asked again (a card's 30-second poll, a refresh) is then written from one lookup, without
 * parsing its rows or joining their texts (bench/README.md, fix 15).
 */
export function createPageCache(maxBytes = PAGE_CACHE_MAX_BYTES) {
  return new LRUCache<string, Buffer>({
    maxSize: maxBytes,
    sizeCalculation: (value, key) => value.length + key.length * 2 + ENTRY_OVERHEAD_BYTES,
  });
}

export type PageCache = ReturnType<typeof createPageCache>;

/** The list call's page cache, one per server process. */
export const pageCache = createPageCache();

/** The page cache's key: the widget (a constant without NUL) and the page text. */
export const pageKeyOf = (widget: Widget, page: string) => `${widget.key}\u0000${page}`;
