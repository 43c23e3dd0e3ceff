import { Radio, Stack } from '@mantine/core';
import { type LayoutSettings, updateLayoutSettings, useLayoutSettings } from './layout-settings.ts';

export interface ChoiceGroupProps<K extends keyof LayoutSettings> {
  name: K;
  label: string;
  options: { value: LayoutSettings[K]; label: string }[];
}

/** One layout option as a group of radio buttons, bound to the layout settings. */
export function ChoiceGroup<K extends keyof LayoutSettings>({ name, label, options }: ChoiceGroupProps<K>) {
  const settings = useLayoutSettings();
  return (
    <Radio.Group
      name={name}
      label={label}
      value={settings[name]}
      onChange={(value) => {
        const option = options.find((o) => o.value === value);
        if (option) updateLayoutSettings({ [name]: option.value });
      }}
    >
      <Stack gap={6} mt={6}>
        {options.map((option) => (
          <Radio key={option.value} value={option.value} label={option.label} />
        ))}
      </Stack>
    </Radio.Group>
  );
}
