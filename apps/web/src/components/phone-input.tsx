import { TextInput, type TextInputProps } from '@mantine/core';
import { maskPhone } from '@portal/domain';
import type { ChangeEvent } from 'react';

/**
 * A phone field of the user forms with the spec's mask, (xxx) xxx-xxxx, applied as the digits are typed (spec 2,
 * section 5). Takes a react-hook-form registration: the masked text is what the form holds, and the domain schema
 * strips it back to digits for the call.
 */
export function PhoneInput({ onChange, ...props }: TextInputProps) {
  const mask = (event: ChangeEvent<HTMLInputElement>) => {
    event.currentTarget.value = maskPhone(event.currentTarget.value);
    onChange?.(event);
  };
  return <TextInput type="tel" autoComplete="tel" placeholder="(xxx) xxx-xxxx" {...props} onChange={mask} />;
}
