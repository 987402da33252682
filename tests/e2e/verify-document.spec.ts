import { expect, test } from '@playwright/test';
import { apiToken, demoAccounts, demoPassword, setUpClientAddress } from './support/accounts';

/**
 * The verify page of an issued document checks a copy in the browser: the file the portal handed
 * out reads "Unverändert", the same file with one byte changed "Verändert". The file never leaves
 * the device (the page hashes it with Web Crypto).
 */
test('Prüfseite: die ausgestellte Datei ist unverändert, eine um ein Byte geänderte verändert', async ({
  page,
  request,
}) => {
  const token = await apiToken(request, demoAccounts.client, demoPassword);
  const answer = await request.post('/graphql', {
    headers: { ...setUpClientAddress(), authorization: `JWT ${token}` },
    data: { query: '{ clientsInvoices(stage: "paid") { invoicePdfViewPermissionToken } }' },
  });
  const invoices = (
    (await answer.json()) as {
      data: { clientsInvoices: { invoicePdfViewPermissionToken: string }[] };
    }
  ).data.clientsInvoices;
  let pdf: Buffer | null = null;
  let id = '';
  for (const invoice of invoices) {
    const response = await request.get(`/certificate/${invoice.invoicePdfViewPermissionToken}`);
    if (response.status() !== 200) continue;
    pdf = await response.body();
    id = response.headers()['x-document-id'] ?? '';
    break;
  }
  expect(pdf, 'a certificate of the demo client').not.toBeNull();

  await page.goto(`/verify/${id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Einlagerungszertifikat echt');
  const input = page.getByLabel('Ihre Datei prüfen');
  await input.setInputFiles({
    name: 'Einlagerungszertifikat.pdf',
    mimeType: 'application/pdf',
    buffer: pdf as Buffer,
  });
  await expect(page.locator('#file-result')).toHaveText(
    'Unverändert: „Einlagerungszertifikat.pdf“ ist genau das ausgestellte Dokument.',
  );

  const changed = Buffer.from(pdf as Buffer);
  const middle = Math.floor(changed.length / 2);
  changed[middle] = (changed[middle] as number) ^ 0x01;
  await input.setInputFiles({ name: 'geaendert.pdf', mimeType: 'application/pdf', buffer: changed });
  await expect(page.locator('#file-result')).toHaveText(
    /^Verändert: „geaendert\.pdf“ weicht vom ausgestellten Dokument ab/,
  );
});
