/** Mails of the checkout: request received, check done (ready to pay), payment received, cancelled. */
import { decimalToCents, formatEuro } from '../../src/domain/money';
import type { invoices, users } from '../db/schema';
import type { MailMessage } from './mail';
import { composeMail, letterGreeting } from './mail-templates';

type Client = Pick<typeof users.$inferSelect, 'email' | 'salutation' | 'title' | 'firstName' | 'lastName'>;
type InvoiceRow = Pick<typeof invoices.$inferSelect, 'id' | 'overallSum' | 'invoiceNumber'>;

const total = (invoice: InvoiceRow) => formatEuro(decimalToCents(invoice.overallSum));

export function orderReceivedMail(client: Client, invoice: InvoiceRow): MailMessage {
  return composeMail(client.email, 'Ihre Bestellung wird geprüft', [
    letterGreeting(client),
    `vielen Dank für Ihre verbindliche Bestellung über ${total(invoice)}. Wir prüfen jetzt die Verfügbarkeit der ausgewählten Weine.`,
    'Sobald die Prüfung abgeschlossen ist, informieren wir Sie per Email und in Ihrem Weindepot. Bis dahin können Sie keine weiteren Positionen zu Ihrer Orderliste hinzufügen.',
  ]);
}

export function checkDoneMail(client: Client, invoice: InvoiceRow, orderListUrl: string): MailMessage {
  return composeMail(
    client.email,
    'Ihre Bestellung ist bereit zur Zahlung',
    [
      letterGreeting(client),
      `die Prüfung Ihrer Bestellung ist abgeschlossen: alle Weine sind für Sie reserviert. Rechnung ${invoice.invoiceNumber ?? ''} über ${total(invoice)} kann jetzt bezahlt werden.`,
      'Öffnen Sie Ihr Orderbuch im Weindepot, um die Zahlung abzuschließen.',
    ],
    { url: orderListUrl, label: 'Jetzt bezahlen' },
  );
}

export function paymentReceivedMail(client: Client, invoice: InvoiceRow, depotUrl: string): MailMessage {
  return composeMail(
    client.email,
    'Vielen Dank für Ihre Zahlung',
    [
      letterGreeting(client),
      `wir haben Ihre Zahlung über ${total(invoice)} für Rechnung ${invoice.invoiceNumber ?? ''} erhalten. Ihre Weine stehen jetzt in Ihrem Depot.`,
      // At payment the cases are bought, not yet stored: shipping and the customs entry follow.
      'Wir veranlassen den Versand ins Zollfreilager in Genf. Sobald der Zolleingang bestätigt ist, zeigt Ihr Depot die Kisten als eingelagert, und Ihr Einlagerungszertifikat unter „Zertifikate und Nachweise“ weist sie aus.',
    ],
    { url: depotUrl, label: 'Zum Weindepot' },
  );
}

export function invoiceCancelledMail(
  client: Client,
  invoice: InvoiceRow,
  reason: string,
  orderListUrl: string,
  /** The cancellation invoice of a numbered invoice: its number and PDF. */
  cancellationInvoice: { number: string; pdfUrl: string } | null = null,
): MailMessage {
  const which = invoice.invoiceNumber
    ? `Ihre Bestellung (Rechnung ${invoice.invoiceNumber} über ${total(invoice)})`
    : `Ihre Bestellung über ${total(invoice)}`;
  return composeMail(
    client.email,
    'Ihre Bestellung wurde storniert',
    [
      letterGreeting(client),
      `${which} wurde storniert. Die Rechnung kann nicht mehr bezahlt werden.`,
      `Grund: ${reason}`,
      ...(cancellationInvoice
        ? [
            `Die Stornorechnung ${cancellationInvoice.number} zur Rechnung ${invoice.invoiceNumber} für Ihre Unterlagen: ${cancellationInvoice.pdfUrl}`,
          ]
        : []),
      'Ihre Orderliste ist wieder frei: Sie können jederzeit neue Weine auswählen und bestellen.',
    ],
    { url: orderListUrl, label: 'Zur Orderliste' },
  );
}

/** A payment that arrived for an invoice already cancelled: the client learns it is refunded. */
export function paymentAfterCancellationMail(
  client: Client,
  invoice: InvoiceRow,
  orderListUrl: string,
): MailMessage {
  const which = invoice.invoiceNumber ? `Rechnung ${invoice.invoiceNumber}` : 'Ihre Bestellung';
  return composeMail(
    client.email,
    'Ihre Zahlung wird erstattet',
    [
      letterGreeting(client),
      `Ihre Zahlung über ${total(invoice)} für ${which} ist bei uns eingegangen, nachdem die Bestellung storniert worden war. Die Bestellung bleibt storniert; es wurden keine Weine in Ihr Depot gebucht.`,
      'Wir erstatten Ihnen den Betrag auf dem Zahlungsweg, mit dem Sie bezahlt haben. Sie müssen dafür nichts tun.',
    ],
    { url: orderListUrl, label: 'Zur Orderliste' },
  );
}

/** The staff's refund task for such a payment (shown in the back office until marked done). */
export function refundTaskMail(
  staffAddress: string,
  client: Client,
  invoice: InvoiceRow,
  provider: string,
  backofficeUrl: string,
): MailMessage {
  const which = invoice.invoiceNumber ? `Rechnung ${invoice.invoiceNumber}` : `Rechnung #${invoice.id}`;
  const name = [client.firstName, client.lastName].filter(Boolean).join(' ') || client.email;
  return composeMail(
    staffAddress,
    `Erstattung nötig: ${which}`,
    [
      'Guten Tag,',
      `für die stornierte ${which} von ${name} (${client.email}) hat der Zahlungsanbieter (${provider}) eine eingegangene Zahlung über ${total(invoice)} gemeldet. Die Zahlung wurde nicht verbucht: kein Depot, der Bestand bleibt frei.`,
      'Bitte erstatten Sie den Betrag beim Zahlungsanbieter und markieren Sie die Erstattung im Management unter „Rechnungsprüfung“ als erledigt.',
    ],
    { url: backofficeUrl, label: 'Zur Rechnungsprüfung' },
  );
}
