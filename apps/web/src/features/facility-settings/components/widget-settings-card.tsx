import { Button, Group, NumberInput, Paper, Stack, Title } from '@mantine/core';
import {
  type Facility,
  SETTING_LIMITS,
  SETTING_NAMES,
  type SettingsWidget,
  widgetByKey,
} from '@portal/domain';
import { useEffect, useId, useRef, useState } from 'react';
import { ConflictNotice } from '@/components/conflict-notice.tsx';
import { firstInvalidField, isFocusLost, useFocusAfterRender } from '@/hooks/use-focus-after-render.ts';
import { isApiError } from '@/lib/api-error.ts';
import { useReloadFacility } from '../api/get-facility.ts';
import { useSaveSettings } from '../api/save-settings.ts';
import { useMayChooseAutoRespond } from '../hooks/use-may-choose-auto-respond.ts';
import { notifyFailed, notifySaved } from '../notify-settings.ts';
import {
  isChanged,
  LIMIT_ACTION,
  type SettingsValues,
  savedValues,
  validateValues,
} from '../settings-values.ts';
import { AutoRespondField } from './auto-respond-field.tsx';
import { ReminderContacts } from './reminder-contacts.tsx';

export interface WidgetSettingsCardProps {
  facID: string;
  facility: Facility;
  widget: SettingsWidget;
  /**
   * Told whether the card holds values not yet saved (its Save is shown, or a reminder address is typed but not
   * added, or changed in a contact's Edit but not saved), each time that changes.
   */
  onUnsavedChange?: (widget: SettingsWidget, isUnsaved: boolean) => void;
}

/**
 * One widget's card: reminders, contacts and auto-respond. Save shows only once a value differs from the saved one,
 * so it disappears once saved; focus then goes to the card's heading (the toast is announced on its own) rather
 * than being lost with the button.
 *
 * A save sends the settings version the edits were made on, so it cannot silently replace a save made by someone
 * else meanwhile. When the server refuses it (409), the card says so, keeps what the user typed, and offers to load
 * the current settings, which replace the edits.
 */
export function WidgetSettingsCard({ facID, facility, widget, onUnsavedChange }: WidgetSettingsCardProps) {
  const title = widgetByKey(widget).title;
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const cardRef = useRef<HTMLElement>(null);
  const reloadRef = useRef<HTMLButtonElement>(null);
  const focusAfterRender = useFocusAfterRender();
  const saved = savedValues(facility, widget);
  const version = facility.facilitySettingsVersions[widget];
  // Only the edits are kept here, so a refetch (after a contact change) shows fresh values for untouched fields.
  const [edits, setEdits] = useState<Partial<SettingsValues>>({});
  // The version the first edit was made on: a refetch since may bring another, but the edits were not made on it.
  const [editedVersion, setEditedVersion] = useState<string>();
  const [showErrors, setShowErrors] = useState(false);
  const [conflict, setConflict] = useState<string>();
  const [isReloading, setIsReloading] = useState(false);
  const save = useSaveSettings(facID);
  const reloadFacility = useReloadFacility(facID);
  const mayChoose = useMayChooseAutoRespond(facility, widget);
  const values: SettingsValues = { ...saved, ...edits };
  const errors = showErrors ? validateValues(values) : {};
  const isUnsaved = isChanged(values, saved);
  // An address typed but not added, or edited but not saved, is lost on leaving as an unsaved count is, though Add
  // or Save email keeps it, not Save.
  const [holdsContactDraft, setHoldsContactDraft] = useState(false);
  const holdsUnsaved = isUnsaved || holdsContactDraft;
  useEffect(() => {
    onUnsavedChange?.(widget, holdsUnsaved);
    // A card gone from the page holds nothing any more.
    return () => onUnsavedChange?.(widget, false);
  }, [onUnsavedChange, widget, holdsUnsaved]);
  const edit = (change: Partial<SettingsValues>) => {
    setEditedVersion((held) => held ?? version);
    setEdits((current) => ({ ...current, ...change }));
  };
  const startOver = () => {
    setEdits({});
    setEditedVersion(undefined);
    setShowErrors(false);
    setConflict(undefined);
    focusAfterRender(() => headingRef.current);
  };

  function submit() {
    if (Object.keys(validateValues(values)).length > 0) {
      setShowErrors(true);
      // To the first refused field, so its message is read out (the Save pressed stays, saying nothing).
      focusAfterRender(() => firstInvalidField(cardRef.current), cardRef.current);
      return;
    }
    const isLimit = values.autoRespond === LIMIT_ACTION;
    save.mutate(
      {
        widget,
        settingValues: {
          [SETTING_NAMES.maxCount]: Number(values.maxCount),
          [SETTING_NAMES.intervalMinutes]: Number(values.intervalMinutes),
          [SETTING_NAMES.autoRespond]: values.autoRespond,
        },
        ...(isLimit ? { settingNote: String(values.limitCount) } : {}),
        settingsVersion: editedVersion ?? version,
      },
      {
        onSuccess: (answer) => {
          startOver();
          notifySaved(answer.message);
        },
        onError: (error) => {
          if (!isApiError(error, 409)) {
            notifyFailed(error);
            return;
          }
          setConflict(error.message);
          focusAfterRender(() => reloadRef.current, cardRef.current);
        },
      },
    );
  }

  async function reload() {
    setIsReloading(true);
    try {
      await reloadFacility();
      // Moved before the notice and its button go: once focus was lost with them, the page's heading would take it.
      if (isFocusLost(cardRef.current)) headingRef.current?.focus();
      startOver();
    } catch {
      // The facility query holds the error, which the page announces; the card stays as it was, edits and all.
    } finally {
      setIsReloading(false);
    }
  }

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={headingId} ref={cardRef}>
      <Stack>
        <Title
          order={2}
          size="h3"
          id={headingId}
          ref={headingRef}
          tabIndex={-1}
          className="mantine-focus-auto"
        >
          {title}
        </Title>
        <Group grow align="flex-start" wrap="wrap">
          <NumberInput
            label="Number of email reminders"
            description={`${SETTING_LIMITS.maxCount.min} to ${SETTING_LIMITS.maxCount.max}`}
            min={SETTING_LIMITS.maxCount.min}
            max={SETTING_LIMITS.maxCount.max}
            // Mantine's default clamps on blur: a typed 25 became 20 as Save was pressed and was saved unseen.
            // Kept as typed, validateValues says what is accepted and nothing is sent.
            clampBehavior="none"
            allowDecimal={false}
            allowNegative={false}
            value={values.maxCount}
            onChange={(maxCount) => edit({ maxCount })}
            error={errors.maxCount}
            miw={180}
          />
          <NumberInput
            label="Reminder interval (minutes)"
            description={`${SETTING_LIMITS.intervalMinutes.min} to ${SETTING_LIMITS.intervalMinutes.max}`}
            min={SETTING_LIMITS.intervalMinutes.min}
            max={SETTING_LIMITS.intervalMinutes.max}
            clampBehavior="none"
            allowDecimal={false}
            allowNegative={false}
            value={values.intervalMinutes}
            onChange={(intervalMinutes) => edit({ intervalMinutes })}
            error={errors.intervalMinutes}
            miw={180}
          />
        </Group>
        <ReminderContacts
          facID={facID}
          widget={widget}
          contacts={facility.facilityContacts}
          onUnsavedChange={setHoldsContactDraft}
        />
        <AutoRespondField
          widget={widget}
          value={values.autoRespond}
          savedValue={saved.autoRespond}
          mayChoose={mayChoose}
          limitCount={values.limitCount}
          limitCountError={errors.limitCount}
          onChange={(autoRespond) => edit({ autoRespond })}
          onLimitCountChange={(limitCount) => edit({ limitCount })}
        />
        {conflict && (
          <ConflictNotice
            message={conflict}
            reloadLabel="Reload settings"
            onReload={reload}
            isReloading={isReloading}
            reloadRef={reloadRef}
          />
        )}
        {isUnsaved && (
          <Group justify="flex-end">
            <Button onClick={submit} loading={save.isPending}>
              Save
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
