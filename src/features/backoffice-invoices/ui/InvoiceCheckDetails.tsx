import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { BACKOFFICE_TABLE_TEXTS } from '../../../components/backoffice/BackofficeTable';
import { ConfirmDialog } from '../../../components/backoffice/ConfirmDialog';
import { LoadFailedAlert } from '../../../components/LoadFailedAlert';
import {
  CANCELLATION_REASON_MAX_LENGTH,
  DEFAULT_CANCELLATION_REASON,
  formatInvoiceDate,
} from '../../../domain/backoffice-invoices';
import { INVOICE_FEE_LINES } from '../../../domain/invoice-labels';
import { invoiceStageLabel } from '../../../domain/invoice-stages';
import { AuditLogButton } from '../../backoffice-audit';
import { type InvoiceCheckInvoice, useInvoiceCheckInvoice } from '../api/backoffice-invoices';
import { type InvoiceCheckView, useInvoiceCheck } from '../api/use-invoice-check';
import { invoiceReference, invoiceStageColor } from '../model/invoice-check';
import { InvoiceNumberForm } from './InvoiceNumberForm';
import { InvoicePositionsTable } from './InvoicePositionsTable';

/** The chosen invoice: number, date, link, customer e-mail, positions, sums and "Prüfung abschließen". */
export function InvoiceCheckDetails({
  invoiceId,
  onChecked,
}: {
  invoiceId: number;
  /** Called once the invoice is in CHECK_DONE (it leaves the list). */
  onChecked: () => void;
}) {
  const query = useInvoiceCheckInvoice(invoiceId);

  if (query.isPending) {
    return (
      <Group gap="xs">
        <Loader size="sm" role="status" aria-label="Rechnung wird geladen" />
        <Text>Rechnung wird geladen …</Text>
      </Group>
    );
  }
  if (query.isError || !query.data) {
    return (
      <LoadFailedAlert
        title={BACKOFFICE_TABLE_TEXTS.error}
        retryLabel={BACKOFFICE_TABLE_TEXTS.retry}
        onRetry={query.refetch}
      >
        {query.isError ? null : <Text>Diese Rechnung gibt es nicht.</Text>}
      </LoadFailedAlert>
    );
  }
  return <InvoiceCheckCard invoice={query.data} query={query} onChecked={onChecked} />;
}

function InvoiceCheckCard({
  invoice,
  query,
  onChecked,
}: {
  invoice: InvoiceCheckInvoice;
  query: { isPending: boolean; isError: boolean; refetch: () => unknown };
  onChecked: () => void;
}) {
  const view = useInvoiceCheck(invoice, onChecked);
  return (
    <Card withBorder padding="lg" data-testid="invoice-check">
      <Stack gap="lg">
        <InvoiceCheckHeader invoice={invoice} />
        {invoice.lateProviderEventAt && (
          <LateProviderEventAlert invoice={invoice} at={invoice.lateProviderEventAt} refund={view.refund} />
        )}
        <InvoiceStateAlert invoice={invoice} view={view} />
        <InvoiceFacts invoice={invoice} view={view} />
        <InvoicePositionsTable invoice={invoice} query={query} editable={view.editable} />
        <InvoiceSums invoice={invoice} />
        {(view.editable || view.cancellable) && (
          <Group justify="flex-end">
            {view.cancellable && (
              <Button color="red" variant="light" size="md" onClick={view.cancellation.open}>
                Stornieren
              </Button>
            )}
            {view.editable && (
              <Button color="green" size="md" onClick={view.check.open}>
                Prüfung abschließen
              </Button>
            )}
          </Group>
        )}
      </Stack>
      <CancelInvoiceDialog invoice={invoice} view={view} />
      <CheckDoneDialog invoice={invoice} view={view} />
    </Card>
  );
}

function InvoiceCheckHeader({ invoice }: { invoice: InvoiceCheckInvoice }) {
  return (
    <Group justify="space-between" align="center">
      <Group gap="sm">
        <Title order={2} size="h3">
          Rechnung #{invoice.id}
        </Title>
        <Badge color={invoiceStageColor(invoice.stage)} variant="light">
          {invoiceStageLabel(invoice.stage)}
        </Badge>
      </Group>
      <AuditLogButton entity="invoice" entityId={invoice.id} label={`Rechnung #${invoice.id}`} />
    </Group>
  );
}

/** A payment provider's report for the cancelled invoice, not booked; a payment is to be refunded. */
function LateProviderEventAlert({
  invoice,
  at,
  refund,
}: {
  invoice: InvoiceCheckInvoice;
  at: string;
  refund: InvoiceCheckView['refund'];
}) {
  const paid = invoice.lateProviderEventOutcome === 'paid';
  return (
    <Alert color="red" role="alert" title="Zahlungsmeldung nach Storno" data-testid="late-provider-event">
      Am {formatInvoiceDate(at)} meldete der Zahlungsanbieter für diese stornierte Rechnung{' '}
      {paid ? 'eine eingegangene Zahlung' : 'einen fehlgeschlagenen Zahlungsversuch'}. Die Meldung wurde nicht
      verbucht (kein Depot, Bestand bleibt frei).
      {paid && invoice.refundDoneAt
        ? ` Erstattung am ${formatInvoiceDate(invoice.refundDoneAt)} als erledigt vermerkt.`
        : ''}
      {paid && !invoice.refundDoneAt ? (
        <>
          {' '}
          Bitte erstatten Sie die Zahlung beim Zahlungsanbieter und vermerken Sie es hier.
          <Group mt="sm">
            <Button size="xs" color="red" variant="light" loading={refund.pending} onClick={refund.markDone}>
              Erstattung erledigt
            </Button>
          </Group>
        </>
      ) : null}
    </Alert>
  );
}

/** Cancelled (date, reason, cancellation invoice) or already checked; nothing while in the check. */
function InvoiceStateAlert({ invoice, view }: { invoice: InvoiceCheckInvoice; view: InvoiceCheckView }) {
  if (invoice.stage === 'CANCELLED') {
    const cancellationInvoice = invoice.cancellationInvoice;
    return (
      <Alert color="gray" title="Storniert" data-testid="invoice-cancellation">
        {invoice.cancelledAt ? `Storniert am ${formatInvoiceDate(invoice.cancelledAt)}. ` : ''}Grund:{' '}
        {invoice.cancellationReason}
        {cancellationInvoice ? (
          <>
            {' '}
            <Anchor href={cancellationInvoice.pdfUrl} target="_blank" rel="noopener" size="sm">
              Stornorechnung {cancellationInvoice.number} (PDF)
            </Anchor>
            {cancellationInvoice.eInvoiceXmlUrl ? (
              <>
                {' · '}
                <Anchor href={cancellationInvoice.eInvoiceXmlUrl} download size="sm">
                  als E-Rechnung (XML)
                </Anchor>
              </>
            ) : null}
          </>
        ) : null}
      </Alert>
    );
  }
  if (view.editable) return null;
  return (
    <Alert color="blue" title="Bereits geprüft">
      Diese Rechnung wird nicht mehr geprüft; Positionen können nicht mehr geändert werden.
      {view.correctable
        ? ' Das Rechnungsdatum lässt sich korrigieren, bis der Kunde die Zahlung startet; eine vergebene Rechnungsnummer bleibt (lückenlose Nummernfolge).'
        : ''}
    </Alert>
  );
}

/** Number, date, the invoice's files and the customer. */
function InvoiceFacts({ invoice, view }: { invoice: InvoiceCheckInvoice; view: InvoiceCheckView }) {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      <InvoiceNumberForm
        invoiceId={invoice.id}
        saved={invoice.invoiceNumber ?? null}
        // A given number stays: the series has no gaps (the server refuses a change too).
        disabled={!view.correctable || Boolean(invoice.invoiceNumber)}
      />
      <DatePickerInput
        label="Rechnungsdatum"
        placeholder="Datum wählen"
        valueFormat="DD.MM.YYYY"
        w={260}
        value={invoice.invoiceDate ?? null}
        disabled={!view.correctable || view.saving}
        onChange={(date) => void view.saveDate(date)}
      />
      <Stack gap={2}>
        <Text size="sm" fw={500}>
          Rechnung
        </Text>
        {view.invoiceLink ? (
          <Anchor href={view.invoiceLink} target="_blank" rel="noopener noreferrer">
            Rechnung {invoice.invoiceNumber ?? ''} öffnen (PDF)
          </Anchor>
        ) : (
          <Text size="sm" c="dimmed">
            Die Rechnungs-PDF entsteht mit der Rechnungsnummer (speichern oder „Prüfung abschließen“).
          </Text>
        )}
        {invoice.eInvoiceXmlUrl ? (
          <Anchor href={invoice.eInvoiceXmlUrl} download size="sm">
            E-Rechnung (XML, ZUGFeRD/Factur-X)
          </Anchor>
        ) : null}
      </Stack>
      <Stack gap={2}>
        <Text size="sm" fw={500}>
          Kunde
        </Text>
        <Text size="sm">
          {view.customerName} ·{' '}
          <Anchor href={`mailto:${invoice.user.email}`} data-testid="customer-email">
            {invoice.user.email}
          </Anchor>
        </Text>
      </Stack>
    </SimpleGrid>
  );
}

function InvoiceSums({ invoice }: { invoice: InvoiceCheckInvoice }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm" data-testid="invoice-sums">
      <Sum label="Weine" value={invoice.sums.vintagesSumStr} />
      {INVOICE_FEE_LINES.map(({ key, label }) => (
        <Sum key={key} label={label} value={invoice.sums[`${key}Str`]} />
      ))}
      <Sum label="Gesamtsumme" value={invoice.sums.overallSumStr} strong />
    </SimpleGrid>
  );
}

function CancelInvoiceDialog({ invoice, view }: { invoice: InvoiceCheckInvoice; view: InvoiceCheckView }) {
  const { cancellation } = view;
  return (
    <ConfirmDialog
      opened={cancellation.opened}
      title="Rechnung stornieren?"
      confirmLabel="Stornieren"
      confirmColor="red"
      loading={view.saving}
      onConfirm={() => void cancellation.confirm()}
      onCancel={cancellation.close}
    >
      <Stack gap="sm">
        <Text>
          Rechnung {invoiceReference(invoice)} von {view.customerName} über {invoice.sums.overallSumStr}{' '}
          stornieren? Reservierte Kisten werden freigegeben, die Zahlungsseite wird ungültig und der Kunde
          erhält eine E-Mail mit dem Grund. Das lässt sich nicht rückgängig machen.
        </Text>
        <Textarea
          label="Grund (für den Kunden)"
          description={`Ohne Angabe: „${DEFAULT_CANCELLATION_REASON}“`}
          value={cancellation.reason}
          onChange={(event) => cancellation.setReason(event.currentTarget.value)}
          error={cancellation.reasonProblem}
          autosize
          minRows={3}
          maxRows={8}
          data-autofocus
        />
        <Text size="xs" c="dimmed" ta="right">
          {cancellation.reason.trim().length.toLocaleString('de-DE')} /{' '}
          {CANCELLATION_REASON_MAX_LENGTH.toLocaleString('de-DE')} Zeichen
        </Text>
      </Stack>
    </ConfirmDialog>
  );
}

function CheckDoneDialog({ invoice, view }: { invoice: InvoiceCheckInvoice; view: InvoiceCheckView }) {
  return (
    <ConfirmDialog
      opened={view.check.opened}
      title="Prüfung abschließen?"
      confirmLabel="Prüfung abschließen"
      confirmColor="green"
      loading={view.saving}
      onConfirm={() => void view.check.confirm()}
      onCancel={view.check.close}
    >
      <Text>
        Rechnung #{invoice.id} von {view.customerName} über {invoice.sums.overallSumStr} als geprüft
        abschließen? Der Bestand wird reserviert, die Rechnung erhält ihre Nummer und der Kunde wird per
        E-Mail und Push benachrichtigt, dass er bezahlen kann.
      </Text>
    </ConfirmDialog>
  );
}

function Sum({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={strong ? 700 : 500} data-testid={strong ? 'invoice-total' : undefined}>
        {value}
      </Text>
    </Stack>
  );
}
