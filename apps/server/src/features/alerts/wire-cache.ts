import type { Widget } from '@portal/domain';
import { LRUCache } from 'lru-cache';
import { toWireAlert, type WireActionRow, type WireAlertRow } from './mapping.ts';

/**
 * The bound of the wire-alert cache, in bytes (strings counted at two bytes a character, V8's worst case). 32 MB
 * holds the wire form of ~8,000 alerts of ~2 KB (key and value), a few busy lists' worth.
 */
export const WIRE_CACHE_MAX_BYTES = 32 * 1024 * 1024;

/** What one entry costs beyond its strings (the LRU's node and the strings' headers), a generous guess. */
const ENTRY_OVERHEAD_BYTES = 128;

/**
 * A content-addressed cache from what `toWireAlert` reads (the widget, the facility name and the alert's kept
 * `list_json` text, exactly) to the wire alert's JSON text. The key IS the content: an alert that changes has
 * another `list_json` and so another key, and an entry can never be stale; old entries just age out of the LRU.
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

/**
 * The wire alert's JSON text (`JSON.stringify(toWireAlert(...))`) for one kept list row, from the cache when this
 * exact content was written before.
 */
export function wireAlertText(cache: WireCache, widget: Widget, listJson: string, facName: string): string {
  // The facility name's length makes the joined key unambiguous whatever the name holds (widget keys are constants).
  const key = `${widget.key}\u0000${facName.length}\u0000${facName}\u0000${listJson}`;
  const hit = cache.get(key);
  if (hit !== undefined) return hit;
  const kept = JSON.parse(listJson) as { alert: WireAlertRow; actions: WireActionRow[] };
  const text = JSON.stringify(toWireAlert(widget, kept.alert, facName, kept.actions));
  cache.set(key, text);
  return text;
}
