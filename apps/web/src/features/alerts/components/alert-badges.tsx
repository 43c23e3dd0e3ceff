import { Badge, Group } from '@mantine/core';
import { type AnyAlert, highCostStatusColor, priorAuthBadgeColor, type Widget } from '@portal/domain';
import { highCostStatusOf, stageOf } from './alert-format.ts';
import { badgeColor } from './badge-color.ts';
import { StatusBadge } from './status-badge.tsx';

export interface AlertBadgesProps {
  widget: Widget;
  alert: AnyAlert;
}

/** The header badges: status; for high cost alerts the stage and POSTED/DELETED/PROFILED; prior auth's status. */
export function AlertBadges({ widget, alert }: AlertBadgesProps) {
  const hcaStatus = widget.key === 'highCostAlerts' ? highCostStatusOf(alert) : null;
  const stage = widget.key === 'highCostAlerts' ? stageOf(alert) : null;
  return (
    <Group gap="xs">
      <StatusBadge status={alert.srxStatus} />
      {stage ? (
        <Badge color="blue.8" variant="outline">
          {stage}
        </Badge>
      ) : null}
      {hcaStatus ? (
        <Badge color={badgeColor(highCostStatusColor(hcaStatus))} autoContrast>
          {hcaStatus}
        </Badge>
      ) : null}
      {widget.key === 'priorAuth' && alert.pharmacyStatus ? (
        <Badge color={badgeColor(priorAuthBadgeColor(alert.pharmacyStatus))} autoContrast>
          {alert.pharmacyStatus}
        </Badge>
      ) : null}
      {alert.archiveDtTm || alert._internalArchiveID !== null ? <Badge color="gray.7">Archived</Badge> : null}
    </Group>
  );
}
