import { NumberInput, Radio, Stack } from '@mantine/core';
import { AUTO_RESPOND_OPTIONS, SETTING_LIMITS, type SettingsWidget } from '@portal/domain';
import { LIMIT_ACTION } from '../settings-values.ts';

export interface AutoRespondFieldProps {
  widget: SettingsWidget;
  value: string;
  limitCount: number | string;
  limitCountError?: string | undefined;
  onChange: (value: string) => void;
  onLimitCountChange: (value: number | string) => void;
}

/** The auto-respond choice: None or one of the widget's options; Approve Limit adds a Limit Count (1 to 9). */
export function AutoRespondField({
  widget,
  value,
  limitCount,
  limitCountError,
  onChange,
  onLimitCountChange,
}: AutoRespondFieldProps) {
  return (
    <Stack gap="xs">
      <Radio.Group label="Auto-respond" value={value} onChange={onChange}>
        <Stack gap={6} mt={6}>
          <Radio value="" label="None" />
          {AUTO_RESPOND_OPTIONS[widget].map((option) => (
            <Radio key={option.value} value={option.value} label={option.label} />
          ))}
        </Stack>
      </Radio.Group>
      {value === LIMIT_ACTION && (
        <NumberInput
          label="Limit Count"
          description={`${SETTING_LIMITS.limitCount.min} to ${SETTING_LIMITS.limitCount.max}`}
          min={SETTING_LIMITS.limitCount.min}
          max={SETTING_LIMITS.limitCount.max}
          allowDecimal={false}
          allowNegative={false}
          value={limitCount}
          onChange={onLimitCountChange}
          error={limitCountError}
          maw={160}
        />
      )}
    </Stack>
  );
}
