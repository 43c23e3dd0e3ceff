import { useCallback, useState } from 'react';

/**
 * Whether any part of a screen holds values not yet saved, each part telling its own state by key (a settings card,
 * a contact's edit). `onUnsavedChange` stays the same function, so parts may call it from an effect that also runs
 * it with `false` on unmount without making the screen render again and again.
 */
export function useUnsavedParts<K>() {
  const [unsaved, setUnsaved] = useState<ReadonlySet<K>>(new Set());
  const onUnsavedChange = useCallback((part: K, isUnsaved: boolean) => {
    setUnsaved((now) => {
      if (now.has(part) === isUnsaved) return now;
      const next = new Set(now);
      if (isUnsaved) next.add(part);
      else next.delete(part);
      return next;
    });
  }, []);
  return { isUnsaved: unsaved.size > 0, onUnsavedChange };
}
