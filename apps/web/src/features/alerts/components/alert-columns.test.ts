import { listSortColumns, WIDGETS } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { alertColumns, CHAT_COLUMN } from './alert-columns.tsx';

describe('the columns a widget page’s address may sort by', () => {
  it.each(WIDGETS.map((widget) => [widget.key, widget] as const))(
    'are the ones the %s table sorts by (the domain’s listSortColumns, read by the boot script and the server)',
    (_key, widget) => {
      const shown = alertColumns(widget)
        .map((column) => column.id)
        .filter((id) => id !== CHAT_COLUMN);
      expect([...listSortColumns(widget)].sort()).toEqual(shown.sort());
    },
  );
});
