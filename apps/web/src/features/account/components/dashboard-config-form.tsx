import { Button, Group, NumberInput, Stack, Switch, Table } from '@mantine/core';
import {
  type UserSettings,
  visibleWidgets,
  WIDGETS,
  widgetSettingKeys,
  withDistinctSortOrders,
} from '@portal/domain';
import { type FormEvent, useState } from 'react';
import { TableScroller } from '@/components/table-scroller.tsx';

/** The values a configuration form sends as `settingValues` of `POST /usersetting`. */
export type DashboardSettingValues = Record<string, number | boolean>;

export interface DashboardConfigFormProps {
  /** The user's current settings (missing keys take the defaults). */
  settings: UserSettings;
  onSubmit: (values: DashboardSettingValues) => void;
  /** Read-only, e.g. when an administrator locked the configuration. */
  disabled?: boolean;
  /** Shows the lock switch (administrators only); it writes allowToSetSettings as the opposite of locked. */
  canLock?: boolean;
  isSubmitting?: boolean;
  submitLabel?: string;
  /** In a dialog: a Cancel beside the submit, as the portal's other dialogs have, closing it unsaved. */
  onCancel?: () => void;
}

interface Row {
  /** Empty while the user retypes it; the order it had (`held`) is sent if left empty. */
  order: number | '';
  /** The order the row holds: its last number, kept while the field is empty. */
  held: number;
  show: boolean;
}

/** Starts from a permutation even when the stored orders repeat (they could, before the server kept them apart). */
function initialRows(settings: UserSettings): Record<string, Row> {
  const shown = visibleWidgets(settings);
  const distinct = withDistinctSortOrders(settings);
  const rows: Record<string, Row> = {};
  WIDGETS.forEach((widget, index) => {
    const order = Number(distinct[widgetSettingKeys(widget.key).sortOrder] ?? index + 1);
    rows[widget.key] = { order, held: order, show: shown.includes(widget) };
  });
  return rows;
}

/**
 * The rows with `key` given `order`, from the rows as they were when its field was entered: the row that held that
 * order takes the one `key` held, so no two widgets ever share an order. Worked from the rows at entry, typing 10
 * (first 1, then 10) swaps with the row that held 10 only, not also with the one that held 1.
 */
function withOrder(base: Record<string, Row>, key: string, order: number | ''): Record<string, Row> {
  const own = base[key];
  if (!own) return base;
  if (order === '') return { ...base, [key]: { ...own, order: '' } };
  const next = { ...base, [key]: { ...own, order, held: order } };
  const holder = Object.entries(base).find(([other, row]) => other !== key && row.held === order);
  if (holder) next[holder[0]] = { ...holder[1], order: own.held, held: own.held };
  return next;
}

/**
 * Per widget a sort order and a show flag, and for administrators the lock (spec 2, "Settings area"). Reused by
 * the own settings tab and the administrators' Edit User Settings modals.
 */
export function DashboardConfigForm(props: DashboardConfigFormProps) {
  const [rows, setRows] = useState(() => initialRows(props.settings));
  const [isLocked, setLocked] = useState(
    props.settings.allowToSetSettings === false || props.settings.allowToSetSettings === 'false',
  );
  // The rows as they were when a sort order field was entered (see withOrder).
  const [entered, setEntered] = useState<Record<string, Row> | null>(null);
  const setShow = (key: string, show: boolean) =>
    setRows((current) => {
      const row = current[key];
      return row ? { ...current, [key]: { ...row, show } } : current;
    });
  const setOrder = (key: string, order: number | '') =>
    setRows((current) => withOrder(entered ?? current, key, order));

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const values: DashboardSettingValues = {};
    WIDGETS.forEach((widget) => {
      const keys = widgetSettingKeys(widget.key);
      const row = rows[widget.key];
      if (!row) return;
      values[keys.sortOrder] = row.order === '' ? row.held : row.order;
      values[keys.show] = row.show;
    });
    if (props.canLock) values.allowToSetSettings = !isLocked;
    props.onSubmit(values);
  };

  return (
    <form onSubmit={onSubmit} aria-label="Alerts dashboard configuration">
      <Stack>
        <TableScroller minWidth={420}>
          <Table striped withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Widget</Table.Th>
                <Table.Th scope="col">Sort order</Table.Th>
                <Table.Th scope="col">Show</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {WIDGETS.map((widget) => {
                const row = rows[widget.key];
                return (
                  <Table.Tr key={widget.key}>
                    <Table.Th scope="row" fw={500}>
                      {widget.title}
                    </Table.Th>
                    <Table.Td>
                      <NumberInput
                        aria-label={`Sort order of ${widget.title}`}
                        min={1}
                        max={WIDGETS.length}
                        clampBehavior="strict"
                        allowDecimal={false}
                        allowNegative={false}
                        value={row?.order ?? ''}
                        onFocus={() => setEntered(rows)}
                        onBlur={() => {
                          setEntered(null);
                          // Left empty, the field shows the order the row keeps.
                          setRows((current) =>
                            withOrder(current, widget.key, current[widget.key]?.held ?? ''),
                          );
                        }}
                        onChange={(value) => setOrder(widget.key, value === '' ? '' : Number(value))}
                        disabled={props.disabled}
                        w={90}
                      />
                    </Table.Td>
                    <Table.Td>
                      {/* md: 24 px tall, a target a finger on a tablet can hit (WCAG 2.2, 2.5.8), as the alert's
                          Read switch; the small one is 20. */}
                      <Switch
                        size="md"
                        aria-label={`Show ${widget.title}`}
                        checked={row?.show ?? true}
                        onChange={(e) => setShow(widget.key, e.currentTarget.checked)}
                        disabled={props.disabled}
                      />
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </TableScroller>
        {props.canLock ? (
          <Switch
            label="Lock dashboard settings"
            description="A locked user cannot change their own dashboard configuration."
            checked={isLocked}
            onChange={(e) => setLocked(e.currentTarget.checked)}
            disabled={props.disabled}
          />
        ) : null}
        <Group justify={props.onCancel ? 'flex-end' : undefined}>
          {props.onCancel ? (
            <Button variant="default" onClick={props.onCancel}>
              Cancel
            </Button>
          ) : null}
          <Button type="submit" disabled={props.disabled} loading={props.isSubmitting}>
            {props.submitLabel ?? 'Save settings'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
