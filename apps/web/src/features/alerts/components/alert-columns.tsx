import {
  type AnyAlert,
  formatDateTime,
  formatMoney,
  highCostStatusColor,
  priorAuthBadgeColor,
  type TableSortName,
  tableColumnsOf,
  type Widget,
  type WidgetKey,
} from '@portal/domain';
import type { ReactNode } from 'react';
import { formatDay, highCostStatusOf, rowStateOf, stageOf, totalMedsOf } from './alert-format.ts';
import classes from './alert-table.module.css';
import { fieldDate, fieldNumber, fieldText } from './alert-values.ts';
import { CellBadge, StatusCellBadge } from './cell-badge.tsx';
import { ChatBubble } from './chat-bubble.tsx';

/** Column id of the discussion bubble: not a server sort column. */
export const CHAT_COLUMN = 'chat';

/**
 * A table column: its id (the server's sort name), heading and cell. The table renders only the rows in view, so
 * a cell is computed for those rows alone (no row model over the whole list).
 */
export interface AlertColumn {
  id: string;
  header: string;
  cell: Cell;
}

type Cell = (alert: AnyAlert) => ReactNode;

/**
 * Text a cell may cut with an ellipsis (a cell is at most 240 px wide), with the whole value as its native
 * tooltip: one attribute, not a Tooltip component in each of a dashboard's thousand rows. Screen readers read the
 * text itself; a plain span's title is not read a second time.
 */
function fullText(text: string | null, shown: ReactNode = text): ReactNode {
  return text ? <span title={text}>{shown}</span> : '';
}

const chat: Cell = (alert) => (
  <ChatBubble hasUnreadReply={alert.hasUnreadReply} messageCount={alert.requestedActions.length} />
);
const patient: Cell = (a) => fullText(a.patName);
const facility: Cell = (a) => fullText(a.facName);

function highCostBadge(alert: AnyAlert) {
  const value = highCostStatusOf(alert);
  return value ? <CellBadge color={highCostStatusColor(value)}>{value}</CellBadge> : null;
}

function priorAuthBadge(alert: AnyAlert) {
  return alert.pharmacyStatus ? (
    <CellBadge color={priorAuthBadgeColor(alert.pharmacyStatus)}>{alert.pharmacyStatus}</CellBadge>
  ) : null;
}

/** The cell of each sortable column, by its sort name (every name a widget's table shows, or this does not compile). */
const CELLS: Record<TableSortName, Cell> = {
  patName: patient,
  patientName: patient,
  facName: facility,
  facilityName: facility,
  // A deleted alert's drug is struck through and also says so in words, for screen readers (not a line alone).
  drugLabelName: (a) =>
    rowStateOf(a) === 'deleted' ? (
      <>
        {fullText(a.drugLabelName, <del>{a.drugLabelName}</del>)}
        <span className={classes.visuallyHidden}> (deleted)</span>
      </>
    ) : (
      fullText(a.drugLabelName)
    ),
  ttlPrice: (a) => formatMoney(a.ttlPrice),
  pharmacyStatus: (a) => fullText(a.pharmacyStatus),
  srxStatus: (a) => <StatusCellBadge status={a.srxStatus} />,
  dateCreated: (a) => formatDateTime(a.dateCreated),
  stage: (a) => fullText(stageOf(a)),
  status: highCostBadge,
  admDate: (a) => formatDay(fieldDate(a, 'admDate')),
  totalMeds: (a) => totalMedsOf(a),
  sumTtlPrice: (a) => formatMoney(fieldNumber(a, 'sumTtlPrice')),
  dueOn: (a) => formatDay(fieldDate(a, 'dueOn')),
  serialNumber: (a) => fullText(fieldText(a, 'serialNumber')),
  physicianName: (a) => fullText(fieldText(a, 'physicianName')),
};

/** A widget's own cell for a column others show otherwise: Prior Authorization's PA Status is a badge. */
const OWN_CELLS: { readonly [Key in WidgetKey]?: Partial<Record<TableSortName<Key>, Cell>> } = {
  priorAuth: { pharmacyStatus: priorAuthBadge },
};

/** The table columns of a widget, as the domain lists them (TABLE_COLUMNS); each id is the server's sort name. */
export function alertColumns(widget: Widget): AlertColumn[] {
  const own: Partial<Record<TableSortName, Cell>> = OWN_CELLS[widget.key] ?? {};
  return tableColumnsOf(widget).map(({ header, sort }) =>
    sort === null
      ? { id: CHAT_COLUMN, header, cell: chat }
      : { id: sort, header, cell: own[sort] ?? CELLS[sort] },
  );
}
