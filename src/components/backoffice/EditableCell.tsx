import { TextInput } from '@mantine/core';
import { type ReactNode, useEffect, useState } from 'react';
import { ConfirmDialog } from './ConfirmDialog';

/**
 * An inline-edited number of a back-office row (cases, price, EKP). Leaving the field (or Enter)
 * validates it with the back office's messages, shown under the field; a valid change asks for
 * confirmation; "Abbrechen", Escape or a refused save restore the saved value.
 */
export function EditableCell({
  label,
  saved,
  validate,
  describeChange,
  onSave,
  disabled = false,
  width = 110,
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
}) {
  const [draft, setDraft] = useState(saved);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    setDraft(saved);
    setError(null);
  }, [saved]);

  const restore = () => {
    setDraft(saved);
    setError(null);
    setConfirming(false);
  };

  const commit = () => {
    if (confirming || saving) return;
    const value = draft.trim();
    if (value === saved) {
      restore();
      return;
    }
    const problem = validate(value);
    setError(problem);
    if (!problem) setConfirming(true);
  };

  const save = async () => {
    setSaving(true);
    try {
      await onSave(draft.trim());
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
          if (error) setError(validate(value.trim()));
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
        {confirming ? describeChange(saved, draft.trim()) : null}
      </ConfirmDialog>
    </>
  );
}
