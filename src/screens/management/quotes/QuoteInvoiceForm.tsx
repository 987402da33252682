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
import { useState } from 'react';
import {
  DEFAULT_QUOTE_INVOICE_TYPE,
  QUOTE_COUNTRIES,
  QUOTE_DEFAULT_COUNTRY,
  QUOTE_INVOICE_TITLES,
  QUOTE_INVOICE_TYPES,
  QUOTE_SALUTATIONS,
  type QuoteInvoiceField,
  quoteInvoiceProblems,
} from '../../../domain/backoffice-quotes';
import {
  type ManualQuote,
  QuoteRefusal,
  useCreateUserAndStripeInvoice,
} from '../../../queries/backoffice-quotes';
import { reportRefusal } from './quote-feedback';

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
  const [values, setValues] = useState<FormValues>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<QuoteInvoiceField | 'quoteUuid', string>>>({});
  const [hostedUrl, setHostedUrl] = useState<string | null>(null);
  const url = quote.hostedInvoiceUrl ?? hostedUrl;
  if (url) return <InvoiceLink url={url} />;

  const set = (field: keyof FormValues) => (value: string | null) => {
    setValues((current) => ({ ...current, [field]: value ?? '' }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };
  const text = (field: keyof FormValues) => ({
    value: values[field],
    error: errors[field],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => set(field)(event.currentTarget.value),
  });

  const submit = () => {
    const input = { ...values, email: quote.email, title: values.title || null };
    const problems = quoteInvoiceProblems(input);
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    create.mutate(
      {
        ...input,
        quoteUuid: quote.uid,
        company: values.company.trim() || null,
        taxId: values.taxId.trim() || null,
      },
      {
        onSuccess: (payload) => setHostedUrl(payload.hostedInvoiceUrl ?? null),
        onError: (error) => {
          if (error instanceof QuoteRefusal) {
            const byField = Object.fromEntries(
              error.errors.filter((entry) => entry.field).map((entry) => [entry.field, entry.message]),
            );
            setErrors(byField);
            const existing = error.errors.find((entry) => entry.code === 'ALREADY_INVOICED');
            if (existing) return;
          }
          reportRefusal(error);
        },
      },
    );
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap="sm" data-testid="quote-invoice-form">
        <Title order={4}>Rechnung erstellen</Title>
        <Text size="sm" c="dimmed">
          Legt das Kundenkonto für {quote.email} an, falls es noch fehlt, und erstellt aus den Positionen eine
          Rechnung beim Zahlungsanbieter.
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
          <Select
            label="Anrede"
            required
            data={[...QUOTE_SALUTATIONS]}
            value={values.salutation || null}
            error={errors.salutation}
            onChange={set('salutation')}
          />
          <Select
            label="Titel"
            clearable
            placeholder="–"
            data={[...QUOTE_INVOICE_TITLES]}
            value={values.title || null}
            error={errors.title}
            onChange={set('title')}
          />
          <TextInput label="Vorname" required {...text('firstName')} />
          <TextInput label="Nachname" required {...text('lastName')} />
          <TextInput label="Straße und Hausnummer" required {...text('streetAndNumber')} />
          <TextInput label="Postleitzahl" required {...text('postalCode')} />
          <TextInput label="Stadt" required {...text('city')} />
          <Select
            label="Land"
            required
            allowDeselect={false}
            data={QUOTE_COUNTRIES.map((country) => ({ value: country.code, label: country.label }))}
            value={values.country}
            error={errors.country}
            onChange={set('country')}
          />
          <Select
            label="Rechnungsart"
            required
            allowDeselect={false}
            data={QUOTE_INVOICE_TYPES.map((type) => ({ value: type.value, label: type.label }))}
            value={values.productCategory}
            error={errors.productCategory}
            onChange={set('productCategory')}
          />
          <TextInput label="Firma" {...text('company')} />
          <TextInput label="Steuernummer (USt-IdNr.)" {...text('taxId')} />
        </SimpleGrid>
        {(errors.email || errors.quoteUuid) && (
          <Text c="red" size="sm">
            {errors.email ?? errors.quoteUuid}
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
