import { Alert, Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { formatInvoiceDate } from '../../../domain/backoffice-invoices';
import { CANCELLED_TEXT, PAYMENT_FAILED_TEXT } from '../../../domain/order-list-texts';
import { casesOfFormat } from '../../../domain/packaging';
import { PushOptIn } from '../../account';
import { useContactModal } from '../../contact';
import type { InvoiceView } from '../api/orders';
import { CostSummaryCard } from './CostSummaryCard';

function InvoicePositions({ invoice }: { invoice: InvoiceView }) {
  return (
    <Stack gap={4}>
      {invoice.positions.map((position) => (
        <Group key={position.id} justify="space-between" wrap="nowrap">
          <Text size="sm">
            {position.vintageTitle} ·{' '}
            {casesOfFormat(position.amount, position.caskOf, position.bottleSize.title)}
            {position.conditionReport ? ' · mit Zustandsbericht' : ''}
          </Text>
          <Text size="sm" ta="right" style={{ whiteSpace: 'nowrap' }}>
            {position.sumStr}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

function InvoiceHeading({ invoice, title }: { invoice: InvoiceView; title: string }) {
  return (
    <Title order={2} size="h3">
      {title}
      {invoice.invoiceNumber ? ` · Rechnung ${invoice.invoiceNumber}` : ''}
    </Title>
  );
}

export function CheckNeededPanel({ invoice }: { invoice: InvoiceView }) {
  return (
    <Paper withBorder p="lg" data-testid="invoice-check-needed">
      <Stack>
        <InvoiceHeading invoice={invoice} title="Ihre Bestellung wird geprüft" />
        <Text>
          Vielen Dank für Ihre verbindliche Bestellung. Wir prüfen jetzt die Verfügbarkeit der Weine und
          informieren Sie per Email und in Ihrem Weindepot, sobald Sie bezahlen können.
        </Text>
        <InvoicePositions invoice={invoice} />
        <CostSummaryCard sums={invoice.sums} title="Summe Ihrer Bestellung" />
        <Paper bg="gray.0" p="md" radius="md">
          <PushOptIn />
        </Paper>
      </Stack>
    </Paper>
  );
}

export interface PayPanelProps {
  invoice: InvoiceView;
  /** Billing data complete (spec: the pay button is disabled otherwise). */
  canPay: boolean;
  online: boolean;
  pending: boolean;
  /** Hosted page of this invoice once finalized in this session. */
  hostedUrl: string | null;
  onPay: () => void;
}

function PayButton({
  canPay,
  online,
  pending,
  onPay,
  label,
}: Omit<PayPanelProps, 'invoice' | 'hostedUrl'> & { label: string }) {
  return (
    <Stack gap={4}>
      <Button onClick={onPay} loading={pending} disabled={!canPay || !online}>
        {label}
      </Button>
      {online ? null : (
        <Text size="xs" c="dimmed">
          Für die Zahlung ist eine Internetverbindung nötig.
        </Text>
      )}
    </Stack>
  );
}

function RedirectNote({ hostedUrl }: { hostedUrl: string | null }) {
  if (!hostedUrl) return null;
  return (
    <Alert color="blue" role="status">
      Sie werden in wenigen Sekunden in einem neuen Tab zur Zahlungsseite weitergeleitet.{' '}
      <Anchor href={hostedUrl} target="_blank" rel="noopener">
        Zur Zahlungsseite
      </Anchor>
    </Alert>
  );
}

export function CheckDonePanel(props: PayPanelProps) {
  const { invoice } = props;
  return (
    <Paper withBorder p="lg" data-testid="invoice-check-done">
      <Stack>
        <InvoiceHeading invoice={invoice} title="Ihre Bestellung ist bereit zur Zahlung" />
        <Text>Die Verfügbarkeit ist geprüft, alle Weine sind für Sie reserviert.</Text>
        <InvoicePositions invoice={invoice} />
        <CostSummaryCard sums={invoice.sums} title="Zu zahlen" />
        <RedirectNote hostedUrl={props.hostedUrl} />
        <PayButton {...props} label="Jetzt bezahlen" />
      </Stack>
    </Paper>
  );
}

export function WaitingForPaymentPanel(props: PayPanelProps) {
  const { invoice } = props;
  const url = props.hostedUrl ?? invoice.hostedInvoiceUrl;
  return (
    <Paper withBorder p="lg" data-testid="invoice-waiting-for-payment">
      <Stack>
        <InvoiceHeading invoice={invoice} title="Zahlung ausstehend" />
        <Text>
          Bitte schließen Sie die Zahlung über {invoice.overallSumStr} auf der Zahlungsseite ab. Sobald sie
          eingegangen ist, erscheinen Ihre Weine im Weindepot.
        </Text>
        <RedirectNote hostedUrl={props.hostedUrl} />
        {url && !props.hostedUrl ? (
          <Anchor href={url} target="_blank" rel="noopener">
            Zur Zahlungsseite
          </Anchor>
        ) : null}
      </Stack>
    </Paper>
  );
}

export function PaymentFailedPanel(props: PayPanelProps) {
  const { invoice } = props;
  const contact = useContactModal();
  return (
    <Paper withBorder p="lg" data-testid="invoice-payment-failed">
      <Stack>
        <InvoiceHeading invoice={invoice} title="Zahlung fehlgeschlagen" />
        <Alert color="red" role="alert">
          {PAYMENT_FAILED_TEXT}
        </Alert>
        <RedirectNote hostedUrl={props.hostedUrl} />
        {invoice.hostedInvoiceUrl && !props.hostedUrl ? (
          // Spec: "a pay link if one exists" – the provider's page of the failed attempt.
          <Anchor href={invoice.hostedInvoiceUrl} target="_blank" rel="noopener">
            Zur Zahlungsseite
          </Anchor>
        ) : null}
        <Group>
          <PayButton {...props} label="Erneut bezahlen" />
          <Button variant="default" onClick={contact.open}>
            Kontakt aufnehmen
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** A request staff cancelled (shown for 30 days): what, when, and the reason the client was told. */
export function CancelledPanel({ invoice }: { invoice: InvoiceView }) {
  const contact = useContactModal();
  return (
    <Paper withBorder p="lg" data-testid="invoice-cancelled">
      <Stack>
        <InvoiceHeading invoice={invoice} title="Bestellung storniert" />
        <Alert color="gray" role="status" title={CANCELLED_TEXT}>
          <Text size="sm">
            {invoice.cancelledAt ? `Storniert am ${formatInvoiceDate(invoice.cancelledAt)}. ` : ''}
            Grund: {invoice.cancellationReason}
          </Text>
          {invoice.cancellationInvoice ? (
            <Anchor href={invoice.cancellationInvoice.pdfUrl} target="_blank" rel="noopener" size="sm">
              Stornorechnung {invoice.cancellationInvoice.number} zur Rechnung {invoice.invoiceNumber} (PDF)
            </Anchor>
          ) : null}
          {invoice.cancellationInvoice?.eInvoiceXmlUrl ? (
            <Anchor href={invoice.cancellationInvoice.eInvoiceXmlUrl} download size="sm">
              Stornorechnung als E-Rechnung (XML)
            </Anchor>
          ) : null}
        </Alert>
        <InvoicePositions invoice={invoice} />
        <Group justify="space-between" wrap="wrap">
          <Text size="sm" c="dimmed">
            Gesamtsumme der stornierten Bestellung: {invoice.overallSumStr}
          </Text>
          <Button variant="default" onClick={contact.open}>
            Kontakt aufnehmen
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
