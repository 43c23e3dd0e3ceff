import { NumberInput, Radio, Stack } from '@mantine/core';
import { AUTO_RESPOND_OPTIONS, SETTING_LIMITS, SETTINGS_MESSAGES, type SettingsWidget } from '@portal/domain';
import { LIMIT_ACTION } from '../settings-values.ts';

export interface AutoRespondFieldProps {
  widget: SettingsWidget;
  value: string;
  /** The saved choice: the viewer may keep it even when they may not choose it (the server lets it pass). */
  savedValue: string;
  /** Whether the viewer may set an option at this facility; undefined while their permissions load. */
  mayChoose: ((value: string) => boolean) | undefined;
  limitCount: number | string;
  limitCountError?: string | undefined;
  onChange: (value: string) => void;
  onLimitCountChange: (value: number | string) => void;
}

/**
 * The auto-respond choice: None or one of the widget's options; Approve Limit adds a Limit Count (1 to 9). An option
 * the viewer may not give is shown disabled with the reason rather than hidden, so an administrator sees that the
 * answer exists and why it is not theirs to choose. A saved one stays selectable, so it still shows and can be kept,
 * but its Limit Count is locked: changing it would be giving the answer.
 */
export function AutoRespondField({
  widget,
  value,
  savedValue,
  mayChoose,
  limitCount,
  limitCountError,
  onChange,
  onLimitCountChange,
}: AutoRespondFieldProps) {
  const isAllowed = (option: string) => mayChoose?.(option) === true;
  // Until the permissions load, only None and the saved choice are offered, without a reason.
  const isKept = (option: string) => option === savedValue && !isAllowed(option);
  const reasonFor = (option: string) => {
    if (!mayChoose || isAllowed(option)) return undefined;
    return isKept(option) ? SETTINGS_MESSAGES.autoRespondKept : SETTINGS_MESSAGES.autoRespondUnavailable;
  };
  const isLimitLocked = value === LIMIT_ACTION && isKept(value);
  return (
    <Stack gap="xs">
      <Radio.Group label="Auto-respond" value={value} onChange={onChange}>
        <Stack gap={6} mt={6}>
          <Radio value="" label="None" />
          {AUTO_RESPOND_OPTIONS[widget].map((option) => (
            <Radio
              key={option.value}
              value={option.value}
              label={option.label}
              disabled={!isAllowed(option.value) && !isKept(option.value)}
              description={reasonFor(option.value)}
            />
          ))}
        </Stack>
      </Radio.Group>
      {value === LIMIT_ACTION && (
        <NumberInput
          label="Limit Count"
          description={
            isLimitLocked && mayChoose
              ? SETTINGS_MESSAGES.limitCountKept
              : `${SETTING_LIMITS.limitCount.min} to ${SETTING_LIMITS.limitCount.max}`
          }
          min={SETTING_LIMITS.limitCount.min}
          max={SETTING_LIMITS.limitCount.max}
          // Kept as typed rather than clamped on blur (a typed 12 was saved as 9): the card's check says what is accepted.
          clampBehavior="none"
          allowDecimal={false}
          allowNegative={false}
          value={limitCount}
          onChange={onLimitCountChange}
          error={limitCountError}
          disabled={isLimitLocked}
          maw={160}
        />
      )}
    </Stack>
  );
}
