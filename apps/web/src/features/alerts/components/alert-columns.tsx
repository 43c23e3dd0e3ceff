import {
  type AnyAlert,
  formatDateTime,
  formatMoney,
  highCostStatusColor,
  priorAuthBadgeColor,
  type Widget,
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
  cell: (alert: AnyAlert) => ReactNode;
}

type Column = AlertColumn;

const col = (id: string, header: string, cell: (alert: AnyAlert) => ReactNode): Column => ({
  id,
  header,
  cell,
});

/**
 * Text a cell may cut with an ellipsis (a cell is at most 240 px wide), with the whole value as its native
 * tooltip: one attribute, not a Tooltip component in each of a dashboard's thousand rows. Screen readers read the
 * text itself; a plain span's title is not read a second time.
 */
function fullText(text: string | null, shown: ReactNode = text): ReactNode {
  return text ? <span title={text}>{shown}</span> : '';
}

const chat: Column = {
  id: CHAT_COLUMN,
  header: 'Discussion',
  cell: (alert) => (
    <ChatBubble hasUnreadReply={alert.hasUnreadReply} messageCount={alert.requestedActions.length} />
  ),
};

const patient = (widget: Widget) =>
  col(widget.paged ? 'patientName' : 'patName', 'Patient', (a) => fullText(a.patName));
const facility = (widget: Widget) =>
  col(widget.paged ? 'facilityName' : 'facName', 'Facility', (a) => fullText(a.facName));
// A deleted alert's drug is struck through and also says so in words, for screen readers (not a line alone).
const drug = col('drugLabelName', 'Drug', (a) =>
  rowStateOf(a) === 'deleted' ? (
    <>
      {fullText(a.drugLabelName, <del>{a.drugLabelName}</del>)}
      <span className={classes.visuallyHidden}> (deleted)</span>
    </>
  ) : (
    fullText(a.drugLabelName)
  ),
);
const cost = col('ttlPrice', 'Cost', (a) => formatMoney(a.ttlPrice));
const status = col('srxStatus', 'Status', (a) => <StatusCellBadge status={a.srxStatus} />);
const alertedOn = col('dateCreated', 'Alerted On', (a) => formatDateTime(a.dateCreated));

function highCostBadge(alert: AnyAlert) {
  const value = highCostStatusOf(alert);
  return value ? <CellBadge color={highCostStatusColor(value)}>{value}</CellBadge> : null;
}

function priorAuthBadge(alert: AnyAlert) {
  return alert.pharmacyStatus ? (
    <CellBadge color={priorAuthBadgeColor(alert.pharmacyStatus)}>{alert.pharmacyStatus}</CellBadge>
  ) : null;
}

/** The table columns of a widget (widgets.md, "Table columns"); each id is the server's sort name. */
export function alertColumns(widget: Widget): Column[] {
  const base = [patient(widget), facility(widget), drug, chat, status, alertedOn];
  switch (widget.key) {
    case 'highCost':
      return [
        patient(widget),
        facility(widget),
        drug,
        cost,
        chat,
        col('pharmacyStatus', 'Pharm Stat', (a) => fullText(a.pharmacyStatus)),
        status,
        alertedOn,
      ];
    case 'highCostAlerts':
      return [
        patient(widget),
        facility(widget),
        drug,
        cost,
        chat,
        col('stage', 'Stage', (a) => fullText(stageOf(a))),
        col('status', 'Status', highCostBadge),
        alertedOn,
      ];
    case 'priorAuth':
      return [
        patient(widget),
        facility(widget),
        drug,
        chat,
        col('pharmacyStatus', 'PA Status', priorAuthBadge),
        status,
        alertedOn,
      ];
    case 'admissionMeds':
      return [
        patient(widget),
        facility(widget),
        col('admDate', 'Admission Date', (a) => formatDay(fieldDate(a, 'admDate'))),
        col('totalMeds', 'Total Meds', (a) => totalMedsOf(a)),
        col('sumTtlPrice', 'Grand Total', (a) => formatMoney(fieldNumber(a, 'sumTtlPrice'))),
        chat,
        alertedOn,
      ];
    case 'refillTooSoon':
      return [...base, col('dueOn', 'Due Date', (a) => formatDay(fieldDate(a, 'dueOn')))];
    case 'pumpPickup':
      return [...base, col('serialNumber', 'Serial Number', (a) => fullText(fieldText(a, 'serialNumber')))];
    case 'narcoticsRefill':
      return [...base, col('physicianName', 'Prescriber', (a) => fullText(fieldText(a, 'physicianName')))];
    default:
      return base;
  }
}
