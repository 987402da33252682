/** Small server-rendered German pages of the local payment provider and the certificate check. */

import { formatDate } from '../../src/domain/dates';
import { decimalToCents, formatEuro } from '../../src/domain/money';
import { countLabel } from '../../src/domain/plural';
import type { SigningIdentity } from '../pdf/signature';
import type { VerifiedCertificate } from '../services/certificate-verification';
import type { PayPageInvoice, PortalInvoice } from '../services/checkout-views';
import type { DocumentCheck } from '../services/issued-documents';
import type { VerifiedSettlement } from '../services/settlement-pdf';

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** The brand's colours and type (src/app/theme.ts: wine 9/8/0, cork 0/1/7; system sans, serif headings). */
const style = `
  :root { --wine: #7a1f35; --wine-dark: #5c1a2b; --wine-light: #fbeef1; --cork: #f8f5f2; --line: #ece7e2; --muted: #6b5746; }
  * { box-sizing: border-box; }
  body { font-family: system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif;
         background: var(--cork); color: #222; margin: 0; line-height: 1.5; }
  header { background: #fff; border-bottom: 1px solid var(--line); }
  header .bar { max-width: 48rem; margin: 0 auto; padding: .8rem 1.2rem; display: flex; align-items: center; gap: .5rem; }
  .brand { display: inline-flex; align-items: center; gap: .4rem; color: var(--wine); text-decoration: none;
           font-family: 'Iowan Old Style', 'Palatino Linotype', Palatino, 'Book Antiqua', Georgia, serif;
           font-weight: 700; font-size: 1.25rem; }
  main { max-width: 48rem; margin: 2rem auto; background: #fff; padding: 2rem; border-radius: 8px;
         border: 1px solid var(--line); }
  footer { max-width: 48rem; margin: 0 auto 2rem; padding: 0 1.2rem; color: var(--muted); font-size: .85rem; }
  h1 { font-family: 'Iowan Old Style', 'Palatino Linotype', Palatino, 'Book Antiqua', Georgia, serif;
       color: var(--wine-dark); margin-top: 0; font-size: 1.8rem; font-weight: 600; }
  a { color: var(--wine); font-weight: 600; text-decoration: none; }
  a:hover, a:focus-visible { text-decoration: underline; }
  a:focus-visible, button:focus-visible, input:focus-visible { outline: 2px solid var(--wine); outline-offset: 2px; }
  table { width: 100%; border-collapse: collapse; margin: 1rem 0; }
  td, th { text-align: left; padding: .5rem .3rem; border-bottom: 1px solid var(--line); vertical-align: top; }
  th { font-weight: 700; }
  td.sum, th.sum { text-align: right; white-space: nowrap; }
  label { display: block; margin: .8rem 0 .2rem; font-weight: 600; font-size: .95rem; }
  input { width: 100%; padding: .6rem .75rem; font-size: 1rem; border: 1px solid #d8cec5; border-radius: 8px; }
  button { margin-top: 1.2rem; width: 100%; padding: .8rem; font-size: 1rem; font-weight: 600; border: 0;
           border-radius: 8px; background: var(--wine); color: #fff; cursor: pointer; }
  button:hover { background: var(--wine-dark); }
  .notice { padding: .8rem 1rem; border-radius: 8px; margin: 1rem 0; }
  .error { background: #fde8e8; color: #8a1111; }
  tr.differs td { background: #fff4e0; }
  .success { background: #e6f6ea; color: #14532d; }
  .warning { background: #fff4e0; color: #6b3d00; }
  .hint { color: var(--muted); font-size: .9rem; }
  .fingerprint { font-family: ui-monospace, 'DejaVu Sans Mono', Menlo, Consolas, monospace; font-size: .85rem;
                 overflow-wrap: anywhere; word-break: break-all; }
  @media (max-width: 600px) { main { margin: 0 0 1.5rem; border-radius: 0; border-left: 0; border-right: 0; padding: 1.2rem; }
    h1 { font-size: 1.5rem; }
    /* A list table becomes one block per row on a phone, each cell with its column's name. */
    table.stack thead { display: none; }
    table.stack tr { display: block; padding: .5rem 0; border-bottom: 1px solid var(--line); }
    table.stack td { display: flex; justify-content: space-between; gap: 1rem; border: 0; padding: .15rem 0; text-align: right; }
    table.stack td::before { content: attr(data-label); font-weight: 600; text-align: left; }
    table.stack td.sum { white-space: normal; } }
`;

/** The wine-glass mark of src/components/BrandMark.tsx. */
const brandMark =
  '<svg width="24" height="24" viewBox="0 0 64 64" aria-hidden="true" focusable="false"><path fill="currentColor" d="M20 8h24c1 9 1.5 17-2.5 23.5C38.8 35.9 35.5 38 34 38.6V52h8a2 2 0 0 1 0 4H22a2 2 0 0 1 0-4h8V38.6c-1.5-.6-4.8-2.7-7.5-7.1C18.5 25 19 17 20 8Z"/></svg>';

/** A server-rendered page in the portal's brand layout: favicon, header with the mark, card, footer. */
export function page(title: string, body: string): string {
  return `<!doctype html><html lang="de"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)} – Weindepot</title><meta name="theme-color" content="#7a1f35"><link rel="icon" href="/icons/icon.svg" type="image/svg+xml"><link rel="icon" href="/icons/icon-192.png" type="image/png" sizes="192x192"><link rel="apple-touch-icon" href="/icons/apple-touch-icon.png"><style>${style}</style></head><body><header><div class="bar"><a class="brand" href="/">${brandMark}Weindepot</a></div></header><main>${body}</main><footer>Weindepot · Zollfreilager Genf</footer></body></html>`;
}

export function payPage(
  invoice: PayPageInvoice,
  state:
    | { kind: 'form' }
    | { kind: 'error'; message: string }
    | { kind: 'paid' }
    | { kind: 'already-paid' }
    | { kind: 'cancelled'; reason: string | null; refunded?: boolean },
  portalLink: string,
): string {
  const total = formatEuro(decimalToCents(invoice.overallSum));
  const rows = [
    ...invoice.positions.map(
      (position) =>
        `<tr><td>${countLabel(position.amount, 'Kiste')} ${escapeHtml(position.title)} <span class="hint">(${countLabel(position.caskOf, 'Flasche')} je Kiste)</span></td><td class="sum">${formatEuro(position.sumCents)}</td></tr>`,
    ),
    ...invoice.fees
      .filter((fee) => decimalToCents(fee.amount) > 0)
      .map(
        (fee) =>
          `<tr><td>${escapeHtml(fee.label)}</td><td class="sum">${formatEuro(decimalToCents(fee.amount))}</td></tr>`,
      ),
    `<tr><th>Gesamtbetrag</th><th class="sum">${total}</th></tr>`,
  ].join('');
  const heading = `<h1>Rechnung ${escapeHtml(invoice.invoiceNumber ?? '')}</h1><p>Zu zahlender Betrag: <strong>${total}</strong></p><table>${rows}</table>`;
  if (state.kind === 'paid' || state.kind === 'already-paid') {
    const text =
      state.kind === 'paid'
        ? 'Vielen Dank! Ihre Zahlung ist eingegangen. Ihre Weine finden Sie jetzt in Ihrem Weindepot.'
        : 'Diese Rechnung ist bereits bezahlt.';
    return page(
      'Zahlung',
      `${heading}<p class="notice success" role="status">${text}</p><p><a href="${escapeHtml(portalLink)}">Zurück zum Weindepot</a></p>`,
    );
  }
  if (state.kind === 'cancelled') {
    const reason = state.reason ? `<p>Grund: ${escapeHtml(state.reason)}</p>` : '';
    // A payment that reached the provider after the cancellation is not booked; it goes back.
    const notice = state.refunded
      ? 'Ihre Bestellung wurde storniert. Ihre Zahlung ist nach der Stornierung eingegangen; wir erstatten Ihnen den Betrag. Es wurden keine Weine in Ihr Depot gebucht.'
      : 'Diese Rechnung wurde storniert und kann nicht mehr bezahlt werden.';
    return page(
      'Rechnung storniert',
      `${heading}<p class="notice warning" role="alert">${notice}</p>${reason}<p><a href="${escapeHtml(portalLink)}">Zurück zum Weindepot</a></p>`,
    );
  }
  const error =
    state.kind === 'error' ? `<p class="notice error" role="alert">${escapeHtml(state.message)}</p>` : '';
  return page(
    'Rechnung bezahlen',
    `${heading}${error}
    <form method="post">
      <label for="cardNumber">Kartennummer</label>
      <input id="cardNumber" name="cardNumber" inputmode="numeric" autocomplete="cc-number" required placeholder="1234 1234 1234 1234">
      <label for="expiry">Ablaufdatum</label>
      <input id="expiry" name="expiry" autocomplete="cc-exp" placeholder="MM/JJ">
      <label for="cvc">Prüfnummer (CVC)</label>
      <input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" placeholder="123">
      <button type="submit">Jetzt bezahlen</button>
    </form>
    <p class="hint">Testmodus: 4242 4242 4242 4242 wird bezahlt, 4000 0000 0000 0002 wird abgelehnt.</p>`,
  );
}

export function portalPage(clientName: string, invoices: PortalInvoice[], backUrl: string): string {
  const rows = invoices.length
    ? invoices
        .map(
          (invoice) =>
            `<tr><td data-label="Nummer">${escapeHtml(invoice.invoiceNumber ?? '–')}</td><td data-label="Datum">${escapeHtml(invoice.date ?? '–')}</td><td data-label="Status">${escapeHtml(invoice.stage)}</td><td class="sum" data-label="Betrag">${escapeHtml(invoice.total)}</td><td data-label="Beleg"><a href="${escapeHtml(invoice.pdfUrl)}" target="_blank" rel="noopener">PDF</a></td></tr>`,
        )
        .join('')
    : '<tr><td colspan="5">Noch keine Rechnungen vorhanden.</td></tr>';
  return page(
    'Rechnungen',
    `<h1>Rechnungen</h1><p>${escapeHtml(clientName)}</p>
    <table class="stack"><thead><tr><th>Nummer</th><th>Datum</th><th>Status</th><th class="sum">Betrag</th><th><span class="hint">Beleg</span></th></tr></thead><tbody>${rows}</tbody></table>
    <p><a href="${escapeHtml(backUrl)}">Zurück zum Weindepot</a></p>`,
  );
}

/**
 * The public check of a certificate: genuine or not, and beside what it stated of each listed
 * position the state of its cases today, so an earlier certificate cannot prove today's holding.
 */
export function verifyPage(result: VerifiedCertificate | null, fingerprint: string): string {
  if (!result) {
    return page(
      'Zertifikat nicht gefunden',
      `<h1>Zertifikat nicht gefunden</h1><p class="notice error" role="alert">Zu diesem Fingerabdruck ist kein echtes Einlagerungszertifikat bekannt.</p><p class="hint">Fingerabdruck (SHA-256): <span class="fingerprint">${escapeHtml(fingerprint)}</span></p>`,
    );
  }
  return page(
    'Zertifikat echt',
    `<h1>Einlagerungszertifikat echt</h1>
    <p class="notice success" role="status">Dieses Einlagerungszertifikat ist echt und wurde vom Weindepot ausgestellt.</p>
    ${certificateCheckHtml(result)}
    <p class="hint">Fingerabdruck (SHA-256): <span class="fingerprint">${escapeHtml(fingerprint)}</span></p>`,
  );
}

/** What a certificate stated beside the state of its cases today, and whether a newer one replaces it. */
function certificateCheckHtml(result: VerifiedCertificate): string {
  const differs = result.positions.some((position) => position.differs);
  const rows = result.positions
    .map(
      (position) =>
        `<tr${position.differs ? ' class="differs"' : ''}><td data-label="Wein">${escapeHtml(position.wine)}</td><td data-label="Laut Zertifikat">${escapeHtml(position.certified)}</td><td data-label="Stand heute" data-testid="verify-today">${escapeHtml(position.today)}</td></tr>`,
    )
    .join('');
  return `<p>Ausgestellt am ${escapeHtml(result.issuedAt)} · ${countLabel(result.cases, 'Kiste')} im Zollfreilager bestätigt</p>${
    result.replacedOn
      ? `\n    <p class="notice warning" role="note">Für diese Einlagerung wurde am ${escapeHtml(result.replacedOn)} ein neueres Zertifikat ausgestellt, das dieses ersetzt. Es gilt der Stand des neueren Zertifikats.</p>`
      : ''
  }${
    differs
      ? `\n    <p class="notice warning" role="note">Der heutige Stand weicht von diesem Zertifikat ab: nicht jede darin als eingelagert genannte Kiste lagert heute noch im Zollfreilager. Als Nachweis des heutigen Bestands taugt dieses Zertifikat nicht.</p>`
      : ''
  }
    <table class="stack"><thead><tr><th>Wein</th><th>Laut Zertifikat (${escapeHtml(result.issuedAt)})</th><th>Stand heute (${escapeHtml(result.asOf)})</th></tr></thead><tbody>${rows}</tbody></table>
    <p>${Object.values(result.facts).map(escapeHtml).join(' · ')}</p>`;
}

/** A settlement's sale as it stands today; a settlement no longer current says so. */
export function settlementCheckHtml(result: VerifiedSettlement | null): string {
  if (!result)
    return '<p class="notice warning" role="note">Zu diesem Verkaufsauftrag gibt es inzwischen eine neuere Verkaufsabrechnung; es gilt deren Stand.</p>';
  return `<p>Verkaufsauftrag ${result.sellOrderId} · verkauft am ${escapeHtml(result.soldAt)} · ${countLabel(result.cases, 'Kiste')}</p>
    <p>${escapeHtml(result.wine)} · Auszahlungsbetrag ${escapeHtml(result.net)}</p>`;
}

const DOCUMENT_NAMES: Record<DocumentCheck['document']['kind'], string> = {
  INVOICE: 'Rechnung',
  CANCELLATION: 'Stornorechnung',
  FINAL: 'Schlussrechnung',
  CERTIFICATE: 'Einlagerungszertifikat',
  SETTLEMENT: 'Verkaufsabrechnung',
};

/** The script of the file check on `/verify/<id>` (served as `/verify-check.js`: the CSP allows no inline script). */
export const VERIFY_CHECK_SCRIPT = `
const form = document.getElementById('file-check');
const input = document.getElementById('file');
const result = document.getElementById('file-result');
const expected = form.dataset.sha256;
const show = (kind, text) => { result.className = 'notice ' + kind; result.textContent = text; };
input.addEventListener('change', async () => {
  const file = input.files && input.files[0];
  if (!file) return;
  if (!globalThis.crypto || !crypto.subtle) {
    show('warning', 'Dieser Browser kann Dateien hier nicht prüfen. Vergleichen Sie den SHA-256 oben mit dem Ihrer Datei (z. B. sha256sum).');
    return;
  }
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', await file.arrayBuffer()));
  const hex = Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('');
  if (hex === expected) show('success', 'Unverändert: „' + file.name + '“ ist genau das ausgestellte Dokument.');
  else show('error', 'Verändert: „' + file.name + '“ weicht vom ausgestellten Dokument ab (SHA-256 ' + hex + ').');
});
`;

/** `/verify/<id>` for an id no document has. */
export function documentNotFoundPage(id: string): string {
  return page(
    'Dokument nicht gefunden',
    `<h1>Dokument nicht gefunden</h1><p class="notice error" role="alert">Zu dieser Dokument-ID hat das Weindepot kein Dokument ausgestellt. Prüfen Sie die Adresse: die ID steht unter dem QR-Code des Dokuments.</p><p class="hint">Dokument-ID: <span class="fingerprint">${escapeHtml(id)}</span></p>`,
  );
}

/**
 * `/verify/<document id>`: the issued document, the SHA-256 of its file, whether a newer one
 * replaces it, a check of a dropped copy in the browser, and what the document states checked
 * against today (`details`: a certificate's cases, a settlement's sale).
 */
export function documentVerifyPage(
  check: DocumentCheck,
  details: { certificate?: VerifiedCertificate | null; html?: string },
  signing: Pick<SigningIdentity, 'signerName' | 'selfSigned'>,
): string {
  const { document, supersededBy } = check;
  const name = DOCUMENT_NAMES[document.kind];
  const issuedOn = formatDate(document.issuedAt);
  const replaced =
    supersededBy || details.certificate?.replacedOn
      ? `<p class="notice warning" role="note">Ersetzt: Zu diesem Vorgang wurde später ein neueres Dokument ausgestellt${
          supersededBy
            ? ` (am ${escapeHtml(formatDate(supersededBy.issuedAt))}, <a href="/verify/${escapeHtml(supersededBy.id)}">Dokument ${escapeHtml(supersededBy.id)}</a>)`
            : ''
        }. Es gilt der Stand des neueren Dokuments.</p>`
      : '';
  return page(
    `${name} echt`,
    `<h1>${name} echt</h1>
    <p class="notice success" role="status">Dieses Dokument hat das Weindepot am ${escapeHtml(issuedOn)} ausgestellt: ${escapeHtml(document.filename)}.</p>
    ${replaced}
    <p>Dokument-ID: <span class="fingerprint">${escapeHtml(document.id)}</span></p>
    <p>SHA-256 der ausgestellten Datei:<br><span class="fingerprint" data-testid="document-sha256">${escapeHtml(document.sha256)}</span></p>
    <p data-testid="document-signature">Elektronisch signiert bei der Ausstellung von „${escapeHtml(signing.signerName)}“ (CMS-Signatur, SHA-256 mit RSA). Jeder PDF-Reader zeigt in den Signatureigenschaften, ob die Datei danach verändert wurde.</p>${
      signing.selfSigned
        ? '<p class="hint">Das Zertifikat hat das Weindepot selbst ausgestellt: Die Signatur belegt, dass die Datei unverändert ist, nicht wer sie ausgestellt hat. Das bestätigt diese Seite.</p>'
        : ''
    }
    <form id="file-check" data-sha256="${escapeHtml(document.sha256)}">
      <label for="file">Ihre Datei prüfen</label>
      <input type="file" id="file" accept="application/pdf,.pdf">
      <p class="hint">Die Datei bleibt auf Ihrem Gerät: der Browser berechnet ihren SHA-256 und vergleicht ihn mit dem oben. Ohne Browser: <span class="fingerprint">sha256sum ${escapeHtml(document.filename)}</span> muss genau diesen Wert ergeben.</p>
      <p id="file-result" role="status" aria-live="polite"></p>
    </form>
    ${details.certificate ? certificateCheckHtml(details.certificate) : (details.html ?? '')}
    <script src="/verify-check.js" defer></script>`,
  );
}

/**
 * `/certificate/<token>` while no case of the invoice is stored (status 409): no certificate, and
 * why, with the state of each position's cases.
 */
export function noCertificatePage(
  answer: {
    invoice: { invoiceNumber: string | null };
    positions: { wine: string; states: string[] }[];
    allSold: boolean;
  },
  backUrl: string,
): string {
  const number = answer.invoice.invoiceNumber ? ` ${escapeHtml(answer.invoice.invoiceNumber)}` : '';
  const reason = answer.allSold
    ? `Für diese Rechnung lagert keine Kiste mehr im Zollfreilager Genf: alle ihre Kisten wurden verkauft. Deshalb stellen wir zu ihr kein Einlagerungszertifikat mehr aus.`
    : `Für diese Rechnung lagert noch keine Kiste im Zollfreilager Genf. Das Einlagerungszertifikat stellen wir aus, sobald die erste Kiste dort angekommen und ihr Zolleingang bestätigt ist.`;
  const rows = answer.positions
    .map(
      (position) =>
        `<tr><td data-label="Wein">${escapeHtml(position.wine)}</td><td data-label="Stand">${escapeHtml(position.states.join(' · ') || '–')}</td></tr>`,
    )
    .join('');
  return page(
    'Noch kein Einlagerungszertifikat',
    `<h1>Noch kein Einlagerungszertifikat</h1>
    <p class="notice warning" role="alert">${reason}</p>
    <p>Rechnung${number} · Stand heute:</p>
    <table class="stack"><thead><tr><th>Wein</th><th>Stand</th></tr></thead><tbody>${rows}</tbody></table>
    <p><a href="${escapeHtml(backUrl)}">Zurück zu Zertifikate und Nachweise</a></p>`,
  );
}
