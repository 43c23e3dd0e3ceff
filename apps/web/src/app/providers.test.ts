import { DEFAULT_THEME } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { cssVariablesResolver } from './providers.tsx';

/** WCAG 2 contrast ratio of two '#rrggbb' colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((at) => {
      const v = Number.parseInt(hex.slice(at, at + 2), 16) / 255;
      return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

describe('the light variant’s text', () => {
  // Mantine draws a 'light' button, badge or alert on shade 1 of its colour, and on shade 2 under the pointer.
  it.each(['blue', 'red', 'green', 'yellow'] as const)(
    'reads at 4.5:1 on %s, at rest and hovered',
    (color) => {
      const text = cssVariablesResolver().light[`--mantine-color-${color}-light-color`] ?? '';
      const [, rest, hovered] = DEFAULT_THEME.colors[color];
      expect(contrast(text, rest ?? '')).toBeGreaterThanOrEqual(4.5);
      expect(contrast(text, hovered ?? '')).toBeGreaterThanOrEqual(4.5);
    },
  );
});
