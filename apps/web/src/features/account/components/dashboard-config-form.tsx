import { Button, Group, NumberInput, Stack, Switch, Table } from '@mantine/core';
import { type UserSettings, visibleWidgets, WIDGETS, widgetSettingKeys } from '@portal/domain';
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
  /** Empty while the user retypes it; the catalogue position is sent if left empty. */
  order: number | '';
  show: boolean;
}

function initialRows(settings: UserSettings): Record<string, Row> {
  const shown = visibleWidgets(settings);
  const rows: Record<string, Row> = {};
  WIDGETS.forEach((widget, index) => {
    const keys = widgetSettingKeys(widget.key);
    const order = Number(settings[keys.sortOrder]);
    rows[widget.key] = {
      order: Number.isInteger(order) && order >= 1 && order <= WIDGETS.length ? order : index + 1,
      show: shown.includes(widget),
    };
  });
  return rows;
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
  const update = (key: string, change: Partial<Row>) =>
    setRows((current) => ({
      ...current,
      [key]: { ...(current[key] ?? { order: 1, show: true }), ...change },
    }));

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const values: DashboardSettingValues = {};
    WIDGETS.forEach((widget, index) => {
      const keys = widgetSettingKeys(widget.key);
      const row = rows[widget.key];
      if (!row) return;
      values[keys.sortOrder] = row.order === '' ? index + 1 : row.order;
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
                        onChange={(value) => update(widget.key, { order: value === '' ? '' : Number(value) })}
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
                        onChange={(e) => update(widget.key, { show: e.currentTarget.checked })}
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
