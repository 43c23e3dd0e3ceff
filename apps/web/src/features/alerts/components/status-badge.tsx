import { Badge } from '@mantine/core';
import { srxStatusLabel, statusBadgeColor } from '@portal/domain';
import { badgeColor } from './badge-color.ts';

export interface StatusBadgeProps {
  status: string | null;
}

/** An alert's or an action's status as a badge: label and colour from the domain (spec 1, section 4). */
export function StatusBadge({ status }: StatusBadgeProps) {
  const label = srxStatusLabel(status);
  if (!label) return null;
  return (
    <Badge color={badgeColor(statusBadgeColor(status))} autoContrast>
      {label}
    </Badge>
  );
}
