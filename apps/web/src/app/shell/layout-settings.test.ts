import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_LAYOUT, resetLayoutSettings, useLayoutSettings } from './layout-settings.ts';

afterEach(() => resetLayoutSettings());

describe('useLayoutSettings', () => {
  it('answers the defaults themselves when nothing stored differs, so a hydrated page is not drawn again', () => {
    window.localStorage.setItem(
      'portal.layout',
      JSON.stringify({ layout: 'vertical', sidebarTheme: 'light' }),
    );
    const { result } = renderHook(() => useLayoutSettings());
    expect(result.current).toBe(DEFAULT_LAYOUT);
  });

  it('answers what is stored when it differs', () => {
    window.localStorage.setItem('portal.layout', JSON.stringify({ layout: 'topnav', width: 'boxed' }));
    const { result } = renderHook(() => useLayoutSettings());
    expect(result.current).toEqual({ ...DEFAULT_LAYOUT, layout: 'topnav', width: 'boxed' });
  });
});
