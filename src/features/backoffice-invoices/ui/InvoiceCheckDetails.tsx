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
import { useState } from 'react';
import { BACKOFFICE_TABLE_TEXTS } from '../../../components/backoffice/BackofficeTable';
import { ConfirmDialog } from '../../../components/backoffice/ConfirmDialog';
import { showSuccessNotice } from '../../../components/feedback/success-notice';
import { LoadFailedAlert } from '../../../components/LoadFailedAlert';
import {
  CANCELLATION_REASON_MAX_LENGTH,
  cancellationReasonProblem,
  DEFAULT_CANCELLATION_REASON,
  formatInvoiceDate,
} from '../../../domain/backoffice-invoices';
import { INVOICE_FEE_LINES } from '../../../domain/invoice-labels';
import { invoiceStageLabel, stageIs } from '../../../domain/invoice-stages';
import { AuditLogButton } from '../../backoffice-audit';
import {
  type InvoiceCheckInvoice,
  useChangeCheckedInvoice,
  useInvoiceCheckInvoice,
  useMarkRefundDone,
} from '../api/backoffice-invoices';
import { InvoiceNumberForm } from './InvoiceNumberForm';
import { InvoicePositionsTable } from './InvoicePositionsTable';

const customerName = (invoice: InvoiceCheckInvoice) =>
  `${invoice.user.firstName} ${invoice.user.lastName}`.trim() || invoice.user.email;

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
  const change = useChangeCheckedInvoice();
  const markRefundDone = useMarkRefundDone();
  const [confirmingCheck, setConfirmingCheck] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const [reason, setReason] = useState('');
  const reasonProblem = cancellationReasonProblem(reason);
  const cancellable = stageIs(invoice.stage, 'cancellable');
  const editable = invoice.stage === 'CHECK_NEEDED';
  // Date and number can be corrected until the client starts the payment (the server's rule).
  const correctable = editable || invoice.stage === 'CHECK_DONE';
  const invoiceLink = invoice.stripeInvoicePdfUrl ?? invoice.hostedInvoiceUrl;

  const saveDate = async (date: string | null) => {
    if (!date || date === invoice.invoiceDate) return;
    try {
      await change.mutateAsync({ invoiceId: invoice.id, date });
      showSuccessNotice(`Rechnung #${invoice.id} ist vom ${formatInvoiceDate(date)}.`, {
        title: 'Rechnungsdatum gespeichert',
      });
    } catch {
      // Notified by the query client.
    }
  };

  const checkDone = async () => {
    try {
      const checked = await change.mutateAsync({ invoiceId: invoice.id, stage: 'CHECK_DONE' });
      setConfirmingCheck(false);
      showSuccessNotice(
        `Rechnung ${checked?.invoiceNumber ?? `#${invoice.id}`} ist bereit zur Zahlung; ${customerName(invoice)} wurde per E-Mail und Push benachrichtigt.`,
        { title: 'Prüfung abgeschlossen' },
      );
      onChecked();
    } catch {
      setConfirmingCheck(false);
      // Notified by the query client.
    }
  };

  const cancel = async () => {
    if (reasonProblem) return;
    try {
      await change.mutateAsync({ invoiceId: invoice.id, stage: 'CANCELLED', reason: reason.trim() || null });
      setCancelling(false);
      showSuccessNotice(
        `Rechnung ${invoice.invoiceNumber ?? `#${invoice.id}`} ist storniert; der Bestand ist freigegeben und ${customerName(invoice)} wurde per E-Mail informiert.`,
        { title: 'Rechnung storniert' },
      );
    } catch {
      // Notified by the query client.
    }
  };

  return (
    <Card withBorder padding="lg" data-testid="invoice-check">
      <Stack gap="lg">
        <Group justify="space-between" align="center">
          <Group gap="sm">
            <Title order={2} size="h3">
              Rechnung #{invoice.id}
            </Title>
            <Badge
              color={editable ? 'orange' : invoice.stage === 'CANCELLED' ? 'gray' : 'green'}
              variant="light"
            >
              {invoiceStageLabel(invoice.stage)}
            </Badge>
          </Group>
          <AuditLogButton entity="invoice" entityId={invoice.id} label={`Rechnung #${invoice.id}`} />
        </Group>

        {invoice.lateProviderEventAt && (
          <Alert
            color="red"
            role="alert"
            title="Zahlungsmeldung nach Storno"
            data-testid="late-provider-event"
          >
            Am {formatInvoiceDate(invoice.lateProviderEventAt)} meldete der Zahlungsanbieter für diese
            stornierte Rechnung{' '}
            {invoice.lateProviderEventOutcome === 'paid'
              ? 'eine eingegangene Zahlung'
              : 'einen fehlgeschlagenen Zahlungsversuch'}
            . Die Meldung wurde nicht verbucht (kein Depot, Bestand bleibt frei).
            {invoice.lateProviderEventOutcome === 'paid' && invoice.refundDoneAt
              ? ` Erstattung am ${formatInvoiceDate(invoice.refundDoneAt)} als erledigt vermerkt.`
              : ''}
            {invoice.lateProviderEventOutcome === 'paid' && !invoice.refundDoneAt ? (
              <>
                {' '}
                Bitte erstatten Sie die Zahlung beim Zahlungsanbieter und vermerken Sie es hier.
                <Group mt="sm">
                  <Button
                    size="xs"
                    color="red"
                    variant="light"
                    loading={markRefundDone.isPending}
                    onClick={() => markRefundDone.mutate(invoice.id)}
                  >
                    Erstattung erledigt
                  </Button>
                </Group>
              </>
            ) : null}
          </Alert>
        )}

        {invoice.stage === 'CANCELLED' ? (
          <Alert color="gray" title="Storniert" data-testid="invoice-cancellation">
            {invoice.cancelledAt ? `Storniert am ${formatInvoiceDate(invoice.cancelledAt)}. ` : ''}Grund:{' '}
            {invoice.cancellationReason}
            {invoice.cancellationInvoice ? (
              <>
                {' '}
                <Anchor href={invoice.cancellationInvoice.pdfUrl} target="_blank" rel="noopener" size="sm">
                  Stornorechnung {invoice.cancellationInvoice.number} (PDF)
                </Anchor>
                {invoice.cancellationInvoice.eInvoiceXmlUrl ? (
                  <>
                    {' · '}
                    <Anchor href={invoice.cancellationInvoice.eInvoiceXmlUrl} download size="sm">
                      als E-Rechnung (XML)
                    </Anchor>
                  </>
                ) : null}
              </>
            ) : null}
          </Alert>
        ) : (
          !editable && (
            <Alert color="blue" title="Bereits geprüft">
              Diese Rechnung wird nicht mehr geprüft; Positionen können nicht mehr geändert werden.
              {correctable
                ? ' Das Rechnungsdatum lässt sich korrigieren, bis der Kunde die Zahlung startet; eine vergebene Rechnungsnummer bleibt (lückenlose Nummernfolge).'
                : ''}
            </Alert>
          )
        )}

        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <InvoiceNumberForm
            invoiceId={invoice.id}
            saved={invoice.invoiceNumber ?? null}
            // A given number stays: the series has no gaps (the server refuses a change too).
            disabled={!correctable || Boolean(invoice.invoiceNumber)}
          />
          <DatePickerInput
            label="Rechnungsdatum"
            placeholder="Datum wählen"
            valueFormat="DD.MM.YYYY"
            w={260}
            value={invoice.invoiceDate ?? null}
            disabled={!correctable || change.isPending}
            onChange={(date) => void saveDate(date)}
          />
          <Stack gap={2}>
            <Text size="sm" fw={500}>
              Rechnung
            </Text>
            {invoiceLink ? (
              <Anchor href={invoiceLink} target="_blank" rel="noopener noreferrer">
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
              {customerName(invoice)} ·{' '}
              <Anchor href={`mailto:${invoice.user.email}`} data-testid="customer-email">
                {invoice.user.email}
              </Anchor>
            </Text>
          </Stack>
        </SimpleGrid>

        <InvoicePositionsTable invoice={invoice} query={query} editable={editable} />

        <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm" data-testid="invoice-sums">
          <Sum label="Weine" value={invoice.sums.vintagesSumStr} />
          {INVOICE_FEE_LINES.map(({ key, label }) => (
            <Sum key={key} label={label} value={invoice.sums[`${key}Str`]} />
          ))}
          <Sum label="Gesamtsumme" value={invoice.sums.overallSumStr} strong />
        </SimpleGrid>

        {(editable || cancellable) && (
          <Group justify="flex-end">
            {cancellable && (
              <Button color="red" variant="light" size="md" onClick={() => setCancelling(true)}>
                Stornieren
              </Button>
            )}
            {editable && (
              <Button color="green" size="md" onClick={() => setConfirmingCheck(true)}>
                Prüfung abschließen
              </Button>
            )}
          </Group>
        )}
      </Stack>

      <ConfirmDialog
        opened={cancelling}
        title="Rechnung stornieren?"
        confirmLabel="Stornieren"
        confirmColor="red"
        loading={change.isPending}
        onConfirm={() => void cancel()}
        onCancel={() => setCancelling(false)}
      >
        <Stack gap="sm">
          <Text>
            Rechnung {invoice.invoiceNumber ?? `#${invoice.id}`} von {customerName(invoice)} über{' '}
            {invoice.sums.overallSumStr} stornieren? Reservierte Kisten werden freigegeben, die Zahlungsseite
            wird ungültig und der Kunde erhält eine E-Mail mit dem Grund. Das lässt sich nicht rückgängig
            machen.
          </Text>
          <Textarea
            label="Grund (für den Kunden)"
            description={`Ohne Angabe: „${DEFAULT_CANCELLATION_REASON}“`}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            error={reasonProblem}
            autosize
            minRows={3}
            maxRows={8}
            data-autofocus
          />
          <Text size="xs" c="dimmed" ta="right">
            {reason.trim().length.toLocaleString('de-DE')} /{' '}
            {CANCELLATION_REASON_MAX_LENGTH.toLocaleString('de-DE')} Zeichen
          </Text>
        </Stack>
      </ConfirmDialog>

      <ConfirmDialog
        opened={confirmingCheck}
        title="Prüfung abschließen?"
        confirmLabel="Prüfung abschließen"
        confirmColor="green"
        loading={change.isPending}
        onConfirm={() => void checkDone()}
        onCancel={() => setConfirmingCheck(false)}
      >
        <Text>
          Rechnung #{invoice.id} von {customerName(invoice)} über {invoice.sums.overallSumStr} als geprüft
          abschließen? Der Bestand wird reserviert, die Rechnung erhält ihre Nummer und der Kunde wird per
          E-Mail und Push benachrichtigt, dass er bezahlen kann.
        </Text>
      </ConfirmDialog>
    </Card>
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
