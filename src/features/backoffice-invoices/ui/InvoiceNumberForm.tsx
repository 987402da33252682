import { Button, Group, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { showSuccessNotice } from '../../../components/feedback/success-notice';
import { applyRefusal } from '../../../components/forms/apply-refusal';
import { invoiceNumberProblem } from '../../../domain/backoffice-invoices';
import { useChangeCheckedInvoice } from '../api/backoffice-invoices';

interface InvoiceNumberProps {
  invoiceId: number;
  saved: string | null;
  disabled: boolean;
}

/**
 * The invoice number (`YYYY-NNNN`), saved with `changeInvoice`. Left empty, "Prüfung abschließen" gives the
 * invoice the next free number of the year. A new saved number starts the form afresh.
 */
export function InvoiceNumberForm(props: InvoiceNumberProps) {
  return <InvoiceNumberInput key={props.saved ?? ''} {...props} />;
}

function InvoiceNumberInput({ invoiceId, saved, disabled }: InvoiceNumberProps) {
  const change = useChangeCheckedInvoice();
  const form = useForm({
    initialValues: { invoiceNumber: saved ?? '' },
    validateInputOnBlur: true,
    validate: {
      invoiceNumber: (value) => (value.trim() ? invoiceNumberProblem(value.trim()) : null),
    },
  });

  const trimmed = form.values.invoiceNumber.trim();
  const unchanged = trimmed === (saved ?? '');

  const submit = async () => {
    if (!trimmed || unchanged) return;
    try {
      await change.mutateAsync({ invoiceId, invoiceNumber: trimmed });
      showSuccessNotice(`Rechnung #${invoiceId} hat die Nummer ${trimmed}.`, {
        title: 'Rechnungsnummer gespeichert',
      });
    } catch (error) {
      // Notified by the query client; a refused number is shown under the field as well.
      applyRefusal(form, error);
    }
  };

  return (
    <form onSubmit={form.onSubmit(() => void submit())}>
      <TextInput
        label="Rechnungsnummer"
        placeholder="JJJJ-NNNN"
        description="Leer lassen: „Prüfung abschließen“ vergibt die nächste freie Nummer."
        disabled={disabled}
        {...form.getInputProps('invoiceNumber')}
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
