import { TextInput } from '@mantine/core';
import { type ReactNode, useEffect, useState } from 'react';
import type { InputFormat } from '../../domain/backoffice-validation';
import { ConfirmDialog } from './ConfirmDialog';

/**
 * An inline-edited number of a back-office row (cases, price, EKP). Leaving the field (or Enter)
 * validates it with the back office's messages, shown under the field; a valid change asks for
 * confirmation; "Abbrechen", Escape or a refused save restore the saved value. With `inputFormat`
 * (euro amounts) the field shows and reads the German form ("1.520,00"), while `validate`,
 * `describeChange` and `onSave` get the stored form ("1520.00").
 */
export function EditableCell({
  label,
  saved,
  validate,
  describeChange,
  onSave,
  disabled = false,
  width = 110,
  inputFormat,
}: {
  /** Accessible name, e.g. "Preis Sassicaia 2019". */
  label: string;
  /** The value as stored. */
  saved: string;
  validate: (value: string) => string | null;
  /** The confirmation's text for a change from → to. */
  describeChange: (from: string, to: string) => ReactNode;
  /** Saves the value; a rejection restores the saved value (the caller tells why). */
  onSave: (value: string) => Promise<unknown>;
  /** Read-only (e.g. once the quote is invoiced); default false. */
  disabled?: boolean;
  /** Field width in px; default 110. */
  width?: number;
  /** Shows and reads the value in another form than stored (euro amounts); default as stored. */
  inputFormat?: InputFormat;
}) {
  const shown = inputFormat ? inputFormat.show(saved) : saved;
  const [draft, setDraft] = useState(shown);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    setDraft(shown);
    setError(null);
  }, [shown]);

  const restore = () => {
    setDraft(shown);
    setError(null);
    setConfirming(false);
  };

  /** The typed text in the stored form, or the message why it cannot be saved. */
  const read = (typed: string): { value: string; problem: string | null } => {
    const value = inputFormat ? inputFormat.read(typed.trim()) : typed.trim();
    if (value === null) return { value: typed, problem: inputFormat?.unreadable ?? null };
    return { value, problem: validate(value) };
  };
  const draftValue = read(draft).value;

  const commit = () => {
    if (confirming || saving) return;
    const { value, problem } = read(draft);
    if (draft.trim() === shown || (!problem && value === saved)) {
      restore();
      return;
    }
    setError(problem);
    if (!problem) setConfirming(true);
  };

  const save = async () => {
    setSaving(true);
    try {
      await onSave(draftValue);
      setConfirming(false);
    } catch {
      restore();
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <TextInput
        size="xs"
        w={width}
        aria-label={label}
        value={draft}
        error={error}
        disabled={disabled}
        inputMode="decimal"
        // Clicking into the field must not select or open the row around it.
        onClick={(event) => event.stopPropagation()}
        onChange={(event) => {
          const value = event.currentTarget.value;
          setDraft(value);
          if (error) setError(read(value).problem);
        }}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            commit();
          } else if (event.key === 'Escape') {
            restore();
          }
        }}
      />
      <ConfirmDialog
        opened={confirming}
        title="Änderung speichern?"
        loading={saving}
        onConfirm={() => void save()}
        onCancel={restore}
      >
        {confirming ? describeChange(saved, draftValue) : null}
      </ConfirmDialog>
    </>
  );
}
