import { Button, Group, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { invoiceNumberProblem } from '../../../domain/backoffice-invoices';
import {
  InvoiceCheckRefusal,
  invoiceCheckErrorMessage,
  useChangeCheckedInvoice,
} from '../../../queries/backoffice-invoices';

/**
 * The invoice number (`YYYY-NNNN`), saved with `changeInvoice`. Left empty, "check done" gives the
 * invoice the next free number of the year.
 */
export function InvoiceNumberForm({
  invoiceId,
  saved,
  disabled,
}: {
  invoiceId: number;
  saved: string | null;
  disabled: boolean;
}) {
  const change = useChangeCheckedInvoice();
  const [value, setValue] = useState(saved ?? '');
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);

  useEffect(() => {
    setValue(saved ?? '');
    setTouched(false);
    setServerError(null);
  }, [saved]);

  const trimmed = value.trim();
  const problem = trimmed ? invoiceNumberProblem(trimmed) : null;
  const unchanged = trimmed === (saved ?? '');

  const submit = async () => {
    setTouched(true);
    if (!trimmed || problem || unchanged) return;
    try {
      await change.mutateAsync({ invoiceId, invoiceNumber: trimmed });
      notifications.show({
        color: 'green',
        title: 'Rechnungsnummer gespeichert',
        message: `Rechnung #${invoiceId} hat die Nummer ${trimmed}.`,
      });
    } catch (error) {
      const message = invoiceCheckErrorMessage(error);
      if (error instanceof InvoiceCheckRefusal && error.field === 'invoiceNumber') setServerError(message);
      notifications.show({
        color: 'red',
        title: 'Rechnungsnummer nicht gespeichert',
        message,
        autoClose: 7000,
      });
    }
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <TextInput
        label="Rechnungsnummer"
        placeholder="JJJJ-NNNN"
        description="Leer lassen: „check done“ vergibt die nächste freie Nummer."
        value={value}
        disabled={disabled}
        error={(touched && problem) || serverError}
        onChange={(event) => {
          setValue(event.currentTarget.value);
          setServerError(null);
        }}
        onBlur={() => setTouched(true)}
        inputContainer={(input) => (
          <Group gap="xs" wrap="nowrap" align="center">
            <div style={{ width: 180 }}>{input}</div>
            <Button
              type="submit"
              variant="light"
              disabled={disabled || !trimmed || unchanged}
              loading={change.isPending}
            >
              Nummer speichern
            </Button>
          </Group>
        )}
      />
    </form>
  );
}
