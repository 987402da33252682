import {
  Alert,
  Anchor,
  Button,
  Group,
  List,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { applyRefusal } from '../../../components/forms/apply-refusal';
import {
  DEFAULT_QUOTE_INVOICE_TYPE,
  QUOTE_COUNTRIES,
  QUOTE_DEFAULT_COUNTRY,
  QUOTE_INVOICE_TITLES,
  QUOTE_INVOICE_TYPES,
  QUOTE_SALUTATIONS,
  quoteInvoiceProblems,
} from '../../../domain/backoffice-quotes';
import { type ManualQuote, useCreateUserAndStripeInvoice } from '../api/backoffice-quotes';

interface FormValues {
  salutation: string;
  title: string;
  firstName: string;
  lastName: string;
  streetAndNumber: string;
  postalCode: string;
  city: string;
  country: string;
  productCategory: string;
  company: string;
  taxId: string;
}

const EMPTY: FormValues = {
  salutation: '',
  title: '',
  firstName: '',
  lastName: '',
  streetAndNumber: '',
  postalCode: '',
  city: '',
  country: QUOTE_DEFAULT_COUNTRY,
  productCategory: DEFAULT_QUOTE_INVOICE_TYPE,
  company: '',
  taxId: '',
};

/** The invoice input as checked by `quoteInvoiceProblems` and sent (no title: null). */
function invoiceInput(values: FormValues, email: string) {
  return { ...values, email, title: values.title || null };
}

/** The payment-provider invoice of a quote, with what the adviser does next. */
function InvoiceLink({ url }: { url: string }) {
  return (
    <Alert color="teal" title="Rechnung erstellt" data-testid="quote-invoice-link">
      <Stack gap="xs">
        <Anchor href={url} target="_blank" rel="noopener noreferrer" fw={600}>
          Rechnung beim Zahlungsanbieter öffnen
        </Anchor>
        <List size="sm" spacing={2}>
          <List.Item>Senden Sie dem Kunden diesen Link: Dort bezahlt er die Rechnung per Karte.</List.Item>
          <List.Item>
            Ist das Kundenkonto neu, schicken Sie ihm auch den Passwort-Link aus der Angebotsliste, damit er
            sich anmelden kann.
          </List.Item>
          <List.Item>
            Nach der Zahlung erscheinen die Weine im Depot des Kunden; die Rechnung steht in seinen
            Rechnungen.
          </List.Item>
        </List>
      </Stack>
    </Alert>
  );
}

/**
 * "Rechnung erstellen": the billing data of the customer (an account is created when missing) and
 * the invoice type; afterwards the link of the payment-provider invoice with instructions.
 */
export function QuoteInvoiceForm({ quote }: { quote: ManualQuote }) {
  const create = useCreateUserAndStripeInvoice();
  const form = useForm<FormValues>({
    initialValues: EMPTY,
    validate: (values) => quoteInvoiceProblems(invoiceInput(values, quote.email)),
  });
  const [hostedUrl, setHostedUrl] = useState<string | null>(null);
  const url = quote.hostedInvoiceUrl ?? hostedUrl;
  if (url) return <InvoiceLink url={url} />;

  const submit = (values: FormValues) =>
    create.mutate(
      {
        ...invoiceInput(values, quote.email),
        quoteUuid: quote.uid,
        company: values.company.trim() || null,
        taxId: values.taxId.trim() || null,
      },
      {
        onSuccess: (payload) => setHostedUrl(payload.hostedInvoiceUrl ?? null),
        // Other refusals and network errors are notified by the query client.
        onError: (error) => {
          form.clearErrors();
          applyRefusal(form, error);
        },
      },
    );
  /** A select's value: null shows the placeholder. */
  const select = (field: 'salutation' | 'title') => {
    const props = form.getInputProps(field);
    return {
      ...props,
      value: props.value || null,
      onChange: (value: string | null) => props.onChange(value ?? ''),
    };
  };

  return (
    <form noValidate onSubmit={form.onSubmit(submit)}>
      <Stack gap="sm" data-testid="quote-invoice-form">
        <Title order={4}>Rechnung erstellen</Title>
        <Text size="sm" c="dimmed">
          Legt das Kundenkonto für {quote.email} an, falls es noch fehlt, und erstellt aus den Positionen eine
          Rechnung beim Zahlungsanbieter.
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
          <Select label="Anrede" required data={[...QUOTE_SALUTATIONS]} {...select('salutation')} />
          <Select
            label="Titel"
            clearable
            placeholder="–"
            data={[...QUOTE_INVOICE_TITLES]}
            {...select('title')}
          />
          <TextInput label="Vorname" required {...form.getInputProps('firstName')} />
          <TextInput label="Nachname" required {...form.getInputProps('lastName')} />
          <TextInput label="Straße und Hausnummer" required {...form.getInputProps('streetAndNumber')} />
          <TextInput label="Postleitzahl" required {...form.getInputProps('postalCode')} />
          <TextInput label="Stadt" required {...form.getInputProps('city')} />
          <Select
            label="Land"
            required
            allowDeselect={false}
            data={QUOTE_COUNTRIES.map((country) => ({ value: country.code, label: country.label }))}
            {...form.getInputProps('country')}
          />
          <Select
            label="Rechnungsart"
            required
            allowDeselect={false}
            data={QUOTE_INVOICE_TYPES.map((type) => ({ value: type.value, label: type.label }))}
            {...form.getInputProps('productCategory')}
          />
          <TextInput label="Firma" {...form.getInputProps('company')} />
          <TextInput label="Steuernummer (USt-IdNr.)" {...form.getInputProps('taxId')} />
        </SimpleGrid>
        {(form.errors.email || form.errors.quoteUuid) && (
          <Text c="red" size="sm">
            {form.errors.email ?? form.errors.quoteUuid}
          </Text>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={create.isPending} disabled={quote.recommendedPosition.length === 0}>
            Kunde anlegen und Rechnung erstellen
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
