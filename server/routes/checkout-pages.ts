/** Small server-rendered German pages of the local payment provider and the certificate check. */
import { decimalToCents, formatEuro } from '../../src/domain/money';
import type { VerifiedCertificate } from '../services/certificates';

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

const style = `
  body { font-family: system-ui, sans-serif; background: #f7f3f0; color: #222; margin: 0; }
  main { max-width: 40rem; margin: 2rem auto; background: #fff; padding: 2rem; border-radius: 12px;
         box-shadow: 0 2px 12px rgba(0,0,0,.08); }
  h1 { color: #5c1a2b; margin-top: 0; font-size: 1.6rem; }
  table { width: 100%; border-collapse: collapse; margin: 1rem 0; }
  td, th { text-align: left; padding: .4rem .2rem; border-bottom: 1px solid #eee; }
  td.sum, th.sum { text-align: right; white-space: nowrap; }
  label { display: block; margin: .8rem 0 .2rem; font-weight: 600; }
  input { width: 100%; box-sizing: border-box; padding: .6rem; font-size: 1rem; border: 1px solid #bbb; border-radius: 6px; }
  button { margin-top: 1.2rem; width: 100%; padding: .8rem; font-size: 1.05rem; border: 0; border-radius: 6px;
           background: #5c1a2b; color: #fff; cursor: pointer; }
  .notice { padding: .8rem; border-radius: 6px; margin: 1rem 0; }
  .error { background: #fde8e8; color: #8a1111; }
  .success { background: #e6f6ea; color: #14532d; }
  .warning { background: #fff4e0; color: #6b3d00; }
  .hint { color: #666; font-size: .9rem; }
  @media (max-width: 600px) { main { margin: 0; border-radius: 0; padding: 1.2rem; } }
`;

export function page(title: string, body: string): string {
  return `<!doctype html><html lang="de"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title><style>${style}</style></head><body><main>${body}</main></body></html>`;
}

export interface PayPageInvoice {
  invoiceNumber: string | null;
  overallSum: string;
  positions: { title: string; amount: number; caskOf: number; sumCents: number }[];
  fees: { label: string; amount: string }[];
}

export function payPage(
  invoice: PayPageInvoice,
  state:
    | { kind: 'form' }
    | { kind: 'error'; message: string }
    | { kind: 'paid' }
    | { kind: 'already-paid' }
    | { kind: 'cancelled'; reason: string | null },
  portalLink: string,
): string {
  const total = formatEuro(decimalToCents(invoice.overallSum));
  const rows = [
    ...invoice.positions.map(
      (position) =>
        `<tr><td>${position.amount} × ${escapeHtml(position.title)} <span class="hint">(${position.caskOf} Flaschen je Kiste)</span></td><td class="sum">${formatEuro(position.sumCents)}</td></tr>`,
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
    return page(
      'Rechnung storniert',
      `${heading}<p class="notice warning" role="alert">Diese Rechnung wurde storniert und kann nicht mehr bezahlt werden.</p>${reason}<p><a href="${escapeHtml(portalLink)}">Zurück zum Weindepot</a></p>`,
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

export function portalPage(
  clientName: string,
  invoices: {
    invoiceNumber: string | null;
    date: string | null;
    total: string;
    stage: string;
    pdfUrl: string;
  }[],
  backUrl: string,
): string {
  const rows = invoices.length
    ? invoices
        .map(
          (invoice) =>
            `<tr><td>${escapeHtml(invoice.invoiceNumber ?? '–')}</td><td>${escapeHtml(invoice.date ?? '–')}</td><td>${escapeHtml(invoice.stage)}</td><td class="sum">${escapeHtml(invoice.total)}</td><td><a href="${escapeHtml(invoice.pdfUrl)}" target="_blank" rel="noopener">PDF</a></td></tr>`,
        )
        .join('')
    : '<tr><td colspan="5">Noch keine Rechnungen vorhanden.</td></tr>';
  return page(
    'Rechnungen',
    `<h1>Rechnungen</h1><p>${escapeHtml(clientName)}</p>
    <table><tr><th>Nummer</th><th>Datum</th><th>Status</th><th class="sum">Betrag</th><th></th></tr>${rows}</table>
    <p><a href="${escapeHtml(backUrl)}">Zurück zum Weindepot</a></p>`,
  );
}

export function verifyPage(result: VerifiedCertificate | null, fingerprint: string): string {
  if (!result) {
    return page(
      'Zertifikat nicht gefunden',
      `<h1>Zertifikat nicht gefunden</h1><p class="notice error" role="alert">Zu diesem Fingerabdruck ist kein echtes Einlagerungszertifikat bekannt.</p><p class="hint">${escapeHtml(fingerprint)}</p>`,
    );
  }
  return page(
    'Zertifikat echt',
    `<h1>Einlagerungszertifikat echt</h1>
    <p class="notice success" role="status">Dieses Einlagerungszertifikat ist echt und wurde vom Weindepot ausgestellt.</p>
    <p>Ausgestellt am ${escapeHtml(result.issuedAt)} · ${result.cases} Kiste(n)</p>${
      result.replacedOn
        ? `\n    <p class="notice warning" role="note">Für diese Einlagerung wurde am ${escapeHtml(result.replacedOn)} ein neueres Zertifikat ausgestellt, das dieses ersetzt. Es gilt der Stand des neueren Zertifikats.</p>`
        : ''
    }
    <ul>${result.wines.map((wine) => `<li>${escapeHtml(wine)}</li>`).join('')}</ul>
    <p>${Object.values(result.facts).map(escapeHtml).join(' · ')}</p>
    <p class="hint">Fingerabdruck (SHA-256): ${escapeHtml(fingerprint)}</p>`,
  );
}
