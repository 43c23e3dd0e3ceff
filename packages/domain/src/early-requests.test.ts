import { describe, expect, it } from 'vitest';
import { formatFillCookie, parseFillCookie } from './early-requests.ts';

describe('the fill cookie (a window and its fitted pages’ measured rests)', () => {
  it('reads back what it wrote, rests to a hundredth of a pixel', () => {
    const view = {
      width: 820,
      height: 1180,
      rests: { 'widget-page:openBatch:live': 285.28, 'widget-page:x:archive': 0 },
    };
    expect(formatFillCookie(view)).toBe('820x1180 widget-page:openBatch:live=285.28 widget-page:x:archive=0');
    expect(parseFillCookie(formatFillCookie(view))).toEqual(view);
  });

  it('writes no layout that is not a plain name, nor a rest that is not a length', () => {
    const written = formatFillCookie({
      width: 1920,
      height: 1080,
      rests: { ok: 10, 'with space': 1, 'a=b': 2, negative: -1, huge: 1e9, nan: Number.NaN },
    });
    expect(written).toBe('1920x1080 ok=10');
  });

  it('refuses an ill-formed size, and drops ill-formed layouts and __proto__ from a well-formed one', () => {
    for (const junk of [undefined, '', 'junk', '1920', '1920x', 'x1080', '-1x5', '1920x1080x3', '1.5x2'])
      expect(parseFillCookie(junk)).toBeNull();
    const view = parseFillCookie('1024x768 good=12.5 bad<tag>=3 __proto__=5 noequals =4 late=x');
    expect(view).toEqual({ width: 1024, height: 768, rests: { good: 12.5 } });
    expect(Object.getPrototypeOf(view?.rests)).toBe(Object.prototype);
  });

  it('keeps at most 32 layouts', () => {
    const rests = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`layout-${i}`, i]));
    const view = parseFillCookie(formatFillCookie({ width: 800, height: 600, rests }));
    expect(Object.keys(view?.rests ?? {})).toHaveLength(32);
    expect(view?.rests['layout-39']).toBe(39);
  });
});
