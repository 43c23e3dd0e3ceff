import { useSyncExternalStore } from 'react';

/** Layout options of the shell (spec 2, "Layout shell and global behaviour"). */
export interface LayoutSettings {
  layout: 'vertical' | 'topnav' | 'detached';
  width: 'fluid' | 'boxed';
  sidebarTheme: 'default' | 'light' | 'dark';
  sidebarType: 'fixed' | 'condensed' | 'scrollable';
}

export const DEFAULT_LAYOUT: LayoutSettings = {
  layout: 'vertical',
  width: 'fluid',
  sidebarTheme: 'dark',
  sidebarType: 'fixed',
};

const STORAGE_KEY = 'portal.layout';
const CHOICES: { [K in keyof LayoutSettings]: readonly LayoutSettings[K][] } = {
  layout: ['vertical', 'topnav', 'detached'],
  width: ['fluid', 'boxed'],
  sidebarTheme: ['default', 'light', 'dark'],
  sidebarType: ['fixed', 'condensed', 'scrollable'],
};

function pick<K extends keyof LayoutSettings>(key: K, value: unknown): LayoutSettings[K] {
  const allowed: readonly unknown[] = CHOICES[key];
  return allowed.includes(value) ? (value as LayoutSettings[K]) : DEFAULT_LAYOUT[key];
}

function load(): LayoutSettings {
  let stored: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(STORAGE_KEY) ?? '{}');
    if (typeof parsed === 'object' && parsed !== null) stored = { ...parsed };
  } catch {
    // A damaged entry falls back to the defaults.
  }
  const loaded: LayoutSettings = {
    layout: pick('layout', stored.layout),
    width: pick('width', stored.width),
    // The spec forces the dark sidebar on every start; the stored choice lasts until the next load.
    sidebarTheme: 'dark',
    sidebarType: pick('sidebarType', stored.sidebarType),
  };
  // The defaults themselves when nothing differs: a page the server drew (with the defaults) is then hydrated
  // without the whole shell being drawn again for an equal but new object.
  const isDefault = (Object.keys(DEFAULT_LAYOUT) as (keyof LayoutSettings)[]).every(
    (key) => loaded[key] === DEFAULT_LAYOUT[key],
  );
  return isDefault ? DEFAULT_LAYOUT : loaded;
}

let current: LayoutSettings | null = null;
const listeners = new Set<() => void>();

function snapshot(): LayoutSettings {
  current ??= load();
  return current;
}

/** Changes layout options and keeps them in local storage. */
export function updateLayoutSettings(change: Partial<LayoutSettings>): void {
  current = { ...snapshot(), ...change };
  window.localStorage.setItem(STORAGE_KEY, JSON.stringify(current));
  for (const listener of listeners) listener();
}

/** Forgets the loaded settings so the next read starts afresh (tests). */
export function resetLayoutSettings(): void {
  current = null;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The shell's layout options, re-rendering on change. */
export function useLayoutSettings(): LayoutSettings {
  return useSyncExternalStore(subscribe, snapshot, () => DEFAULT_LAYOUT);
}
