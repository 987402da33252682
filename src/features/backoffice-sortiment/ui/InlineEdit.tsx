import { ActionIcon, Checkbox, Group, Stack, Text, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { ConfirmDialog } from '../../../components/backoffice/ConfirmDialog';
import { LIVEX_FEE } from '../../../domain/backoffice-tranches';
import type { InputFormat } from '../../../domain/backoffice-validation';
import { useInlineEdit } from './use-inline-edit';

/**
 * A value of the offer table that staff edit in place: the input is checked with the back office's
 * validator, "Übernehmen" asks for confirmation, and only "Speichern" sends it; "Abbrechen" (or
 * Escape) aborts and the old value stays. With `livexCaskOf` a "Livex-Gebühr" checkbox turns the
 * entered bottle price into 1.05 × price + 8.69 € ÷ bottles per case. With `inputFormat` (euro
 * amounts) the field shows and reads the German form ("1.520,00"); `validate`, `format` and
 * `onSave` get the stored form ("1520.00").
 */
export function InlineEdit({
  label,
  value,
  display,
  validate,
  format,
  onSave,
  livexCaskOf,
  inputFormat,
}: {
  /** What is edited, e.g. "VK von Château Lafite 2016" (input label, button and dialog names). */
  label: string;
  /** The stored value, e.g. "729.00"; the input starts with it (in `inputFormat`'s form). */
  value: string;
  /** The value as the table shows it. */
  display: ReactNode;
  /** Back-office validator: a message or null. */
  validate: (input: string) => string | null;
  /** A valid input as text for the confirmation, e.g. "766,90 €". */
  format: (input: string) => string;
  /** Saves the value; resolves to true when saved. */
  onSave: (value: string) => Promise<boolean>;
  /** Bottles per case: shows the Livex fee option (sell prices only). */
  livexCaskOf?: number;
  /** Shows and reads the value in another form than stored (euro amounts); default as stored. */
  inputFormat?: InputFormat;
}) {
  const edit = useInlineEdit({ value, validate, onSave, livexCaskOf, inputFormat });
  const { stage, error, toSave } = edit;

  if (stage.step === 'idle') {
    return (
      <Group gap={4} wrap="nowrap">
        {display}
        <ActionIcon variant="subtle" size="sm" aria-label={`${label} bearbeiten`} onClick={edit.start}>
          ✎
        </ActionIcon>
      </Group>
    );
  }

  return (
    <Stack gap={4} miw={150}>
      <TextInput
        size="xs"
        aria-label={label}
        value={edit.draft}
        error={edit.trimmed === edit.shown ? null : error}
        autoFocus
        onChange={(event) => edit.setDraft(event.currentTarget.value)}
        onKeyDown={(event) => edit.onKeyDown(event.key)}
      />
      {livexCaskOf ? (
        <Checkbox
          size="xs"
          label={`Livex-Gebühr (× ${String(LIVEX_FEE.factor).replace('.', ',')} + 8,69 € ÷ ${livexCaskOf})`}
          checked={edit.withLivex}
          onChange={(event) => edit.setWithLivex(event.currentTarget.checked)}
        />
      ) : null}
      {edit.withLivex && !error ? (
        <Text size="xs" c="dimmed">
          Neuer Flaschenpreis: {format(toSave)}
        </Text>
      ) : null}
      <Group gap={4} wrap="nowrap">
        <ActionIcon
          variant="light"
          color="teal"
          size="sm"
          aria-label="Übernehmen"
          disabled={Boolean(error) || toSave === value}
          onClick={edit.propose}
        >
          ✓
        </ActionIcon>
        <ActionIcon
          variant="light"
          color="gray"
          size="sm"
          aria-label="Bearbeitung abbrechen"
          onClick={edit.abort}
        >
          ✕
        </ActionIcon>
      </Group>
      <ConfirmDialog
        opened={stage.step === 'confirming'}
        title="Änderung speichern?"
        loading={edit.saving}
        onCancel={edit.abort}
        onConfirm={() => void edit.confirm()}
      >
        <Text>
          {label}: {validate(value) ? value : format(value)} →{' '}
          <strong>{stage.step === 'confirming' ? format(stage.value) : ''}</strong>
        </Text>
      </ConfirmDialog>
    </Stack>
  );
}
