import type { BadgeColor } from '@portal/domain';

// Mantine's default filled shades (6) put white text below the 4.5:1 contrast axe asks for; darker shades (and a
// light yellow with dark text via autoContrast) reads clearly.
const SHADES: Record<BadgeColor, string> = {
  green: '#237032',
  red: 'red.9',
  gray: 'gray.7',
  yellow: 'yellow.4',
  primary: 'blue.8',
};

/** The Mantine colour of a domain badge colour (table cells use the same shades in alert-table.module.css). */
export function badgeColor(color: BadgeColor): string {
  return SHADES[color];
}
