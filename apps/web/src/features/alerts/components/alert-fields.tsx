import { ScrollArea, Stack, Table } from '@mantine/core';
import type { AnyAlert, Widget } from '@portal/domain';
import { AdmissionMedsList } from './admission-meds-list.tsx';
import { alertFieldRows } from './alert-field-rows.ts';
import { CommentList } from './comment-list.tsx';
import { DETAIL_LIST_MAX_HEIGHT, DETAIL_LIST_PAIR_MAX_HEIGHT } from './panel-heights.ts';

export interface AlertFieldsProps {
  widget: Widget;
  alert: AnyAlert;
}

/** The Detail tab: every field of the alert, then its widget's lists (comments, admission meds). */
export function AlertFields({ widget, alert }: AlertFieldsProps) {
  const hasMeds = widget.key === 'admissionMeds';
  const hasComments = widget.key === 'openBatch' || widget.key === 'nonCovered';
  return (
    <Stack gap="sm">
      <ScrollArea.Autosize
        mah={hasMeds || hasComments ? DETAIL_LIST_PAIR_MAX_HEIGHT : DETAIL_LIST_MAX_HEIGHT}
        type="auto"
        viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': 'Alert details' }}
      >
        <Table withRowBorders={false} verticalSpacing={4} aria-label="Alert details">
          <Table.Tbody>
            {alertFieldRows(widget, alert).map((row) => (
              <Table.Tr key={row.label}>
                <Table.Th scope="row" w="40%">
                  {row.label}
                </Table.Th>
                <Table.Td>{row.value}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
      {hasMeds ? <AdmissionMedsList alert={alert} /> : null}
      {hasComments ? <CommentList widget={widget} alert={alert} /> : null}
    </Stack>
  );
}
