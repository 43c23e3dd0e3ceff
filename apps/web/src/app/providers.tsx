import { createTheme, MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { SESSION_TIMINGS } from '@portal/domain';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { SessionCacheReset } from './session-cache-reset.tsx';
import targets from './touch-targets.module.css';

// Shade 8 keeps white text on the primary colour above the 4.5:1 contrast axe asks for. Close buttons are
// icon-only, so each gets a name screen readers can announce.
const closeLabel = { closeButtonProps: { 'aria-label': 'Close' } };
const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: 8,
  // A user who asks their system for less motion (vestibular disorders) gets modals, menus and toasts without
  // their fades and slides.
  respectReducedMotion: true,
  components: {
    // Plain objects rather than Modal.extend(...): importing the components here would put them in the
    // sign-in page's bundle.
    Modal: { defaultProps: closeLabel },
    // A menu opened from the keyboard starts on its first item (Mantine's default starts on an empty placeholder:
    // no visible focus, and a child axe rates critical under role=menu).
    Menu: { defaultProps: { withInitialFocusPlaceholder: false, menuItemTabIndex: 0 } },
    Drawer: { defaultProps: closeLabel },
    // Number fields are typed (a reminder count, minutes, a sort order). Mantine's up/down chevrons are 17 px
    // tall, under WCAG 2.2's 24 px targets (2.5.8), and two of 24 px would make a 48 px field; the arrow keys
    // still step the value.
    NumberInput: { defaultProps: { hideControls: true } },
    // A searchable dropdown opened on mere focus covered the fields below it and its own error message: when a
    // failed submit put the cursor on an empty Facility or Pharmacies, or Add Pharmacy User opened with the cursor
    // there, the list hid 'Please select a pharmacy' and the whole Pharmacy role field. A click, typing or the
    // arrow keys still open it.
    Select: { defaultProps: { openOnFocus: false } },
    MultiSelect: {
      defaultProps: { openOnFocus: false },
      // 24 px targets (WCAG 2.2, 2.5.8) for a finger on a tablet, here and below: touch-targets.module.css.
      classNames: { input: targets.pillsBox, inputField: targets.pillsField, pill: targets.pill },
    },
    Radio: { classNames: { label: targets.choiceLabel, inner: targets.choiceMark } },
    Anchor: { classNames: { root: targets.anchor } },
    Checkbox: { classNames: { label: targets.choiceLabel, inner: targets.choiceMark } },
    // The description's default grey (gray.6) is 3.3:1 on white; gray.7 reads at 8:1.
    Notification: {
      defaultProps: closeLabel,
      styles: { description: { color: 'var(--mantine-color-gray-7)' } },
    },
  },
});

// Mantine's default 'dimmed' grey, its field-error red (red.6, 3.6:1) and its placeholder grey (gray.5, 2.1:1: the
// text a FileInput or date input shows before a choice, e.g. Upload File's 'Choose files') are below 4.5:1 on white.
export const cssVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#495057',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-placeholder': '#495057',
    // The text of 'light' buttons, badges and alerts: Mantine's shades read at 4.0:1 (blue), 3.8:1 (red), 3.4:1
    // (green) and 2.5:1 (yellow) on their hovered background, and green and yellow under 4.5:1 even at rest (Create
    // and Add Another, hovered, failed axe). These read at 5:1 or more on both.
    '--mantine-color-blue-light-color': '#0b5394',
    '--mantine-color-red-light-color': '#a51d1d',
    '--mantine-color-green-light-color': '#1e6b2f',
    '--mantine-color-yellow-light-color': '#8a4b00',
  },
  dark: {},
});

export interface ProvidersProps {
  queryClient: QueryClient;
  children: ReactNode;
  /** 'test' turns off transitions and portals (component tests). */
  env?: 'default' | 'test';
}

/** Theme, toasts (bottom right, 5 s), modals and the query cache. */
export function Providers({ queryClient, children, env = 'default' }: ProvidersProps) {
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="light"
      env={env}
    >
      <Notifications position="bottom-right" autoClose={SESSION_TIMINGS.toastMs} />
      <QueryClientProvider client={queryClient}>
        <SessionCacheReset />
        {children}
      </QueryClientProvider>
    </MantineProvider>
  );
}
