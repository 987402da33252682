import { Anchor, Button, Center, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { LoadFailedAlert } from '../../../components/LoadFailedAlert';
import { QueryFailure } from '../../../components/offline/OfflineUnavailable';
import { useOnline } from '../../../components/offline/use-online';
import { formatDate } from '../../../domain/dates';
import { NO_INVOICES } from '../../../domain/order-list-texts';
import { usePaidInvoices } from '../../order-list';
import { CertificateProgress } from './CertificateProgress';
import { useCertificateGeneration } from './use-certificate-generation';

/** `/admin/invoices` "Zertifikate und Nachweise": paid invoices and their storage certificates. */
export function InvoicesScreen() {
  useDocumentTitle('Zertifikate und Nachweise – Weindepot');
  const invoices = usePaidInvoices();
  const certificate = useCertificateGeneration();
  const online = useOnline();

  let content: ReactNode;
  if (invoices.isPending) {
    content = (
      <Center mih="30vh" role="status" aria-label="Wird geladen">
        <Loader />
      </Center>
    );
  } else if (invoices.isError) {
    content = (
      <QueryFailure>
        <LoadFailedAlert
          title="Die Rechnungen konnten nicht geladen werden."
          retryLabel="Erneut versuchen"
          onRetry={invoices.refetch}
        />
      </QueryFailure>
    );
  } else if (invoices.data.length === 0) {
    content = (
      <Paper withBorder p="xl">
        <Text>{NO_INVOICES}</Text>
      </Paper>
    );
  } else {
    content = (
      <Paper withBorder>
        <Table.ScrollContainer minWidth={560}>
          <Table verticalSpacing="sm" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Datum</Table.Th>
                <Table.Th>Rechnungsnummer</Table.Th>
                <Table.Th>Betrag</Table.Th>
                <Table.Th>Nachweise</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {invoices.data.map((invoice) => (
                <Table.Tr key={invoice.id} data-testid="paid-invoice">
                  <Table.Td>{formatDate(invoice.invoiceDate)}</Table.Td>
                  <Table.Td>{invoice.invoiceNumber ?? '–'}</Table.Td>
                  <Table.Td>{invoice.overallSumStr}</Table.Td>
                  <Table.Td>
                    <Stack gap={4} align="flex-start">
                      <Button
                        size="xs"
                        onClick={() => certificate.generate(invoice.invoicePdfViewPermissionToken)}
                        disabled={certificate.step !== null || !online}
                      >
                        Einlagerungszertifikat generieren
                      </Button>
                      {online ? null : (
                        <Text size="xs" c="dimmed">
                          Für das Zertifikat wird eine Internetverbindung benötigt.
                        </Text>
                      )}
                      {invoice.stripeInvoicePdfUrl ? (
                        <Anchor href={invoice.stripeInvoicePdfUrl} target="_blank" rel="noopener" size="sm">
                          Rechnung (PDF)
                        </Anchor>
                      ) : null}
                      {invoice.eInvoiceXmlUrl ? (
                        <Anchor href={invoice.eInvoiceXmlUrl} download size="sm">
                          E-Rechnung (XML, ZUGFeRD/Factur-X)
                        </Anchor>
                      ) : null}
                      {invoice.finalInvoice ? (
                        <Anchor href={invoice.finalInvoice.pdfUrl} target="_blank" rel="noopener" size="sm">
                          Schlussrechnung {invoice.finalInvoice.number} (PDF)
                        </Anchor>
                      ) : null}
                      {invoice.finalInvoice?.eInvoiceXmlUrl ? (
                        <Anchor href={invoice.finalInvoice.eInvoiceXmlUrl} download size="sm">
                          Schlussrechnung als E-Rechnung (XML)
                        </Anchor>
                      ) : null}
                    </Stack>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
    );
  }

  return (
    <Stack gap="lg">
      <Title order={1}>Zertifikate und Nachweise</Title>
      {content}
      {certificate.step !== null ? <CertificateProgress step={certificate.step} /> : null}
    </Stack>
  );
}
