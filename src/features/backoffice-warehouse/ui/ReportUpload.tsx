import { Button, Code, FileInput, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { reportSuccess } from '../../../components/feedback/success-notice';
import { MAX_STOCK_REPORT_API_BYTES, MAX_STOCK_REPORT_LENGTH } from '../../../domain/input-limits';
import {
  useDemoWarehouseAvailable,
  useImportWarehouseStockReport,
  useReportDemoWarehouseStock,
} from '../api/backoffice-warehouse';

/**
 * Upload of a stock report the warehouse sent by other means: the CSV and its signature file
 * (`.sig`, base64). The server checks the signature; an unsigned or wrongly signed report is
 * refused and changes nothing (the refusal is notified by the query client).
 */
export function ReportUpload({ onImported }: { onImported: () => void }) {
  const [csv, setCsv] = useState<File | null>(null);
  const [signature, setSignature] = useState<File | null>(null);
  const [csvError, setCsvError] = useState<string | null>(null);
  const upload = useImportWarehouseStockReport();

  const chooseCsv = (file: File | null) => {
    setCsv(file);
    setCsvError(null);
  };

  const submit = async () => {
    if (!csv) return;
    const text = await csv.text();
    if (text.length > MAX_STOCK_REPORT_LENGTH) {
      const count = new Intl.NumberFormat('de-DE');
      setCsvError(
        `Die Datei ist zu groß: hier höchstens ${count.format(MAX_STOCK_REPORT_LENGTH)} Zeichen. Größere Berichte (bis ${count.format(MAX_STOCK_REPORT_API_BYTES / 1024 / 1024)} MB) sendet das Lager über seine Schnittstelle.`,
      );
      return;
    }
    const variables = { csv: text, signature: signature ? (await signature.text()).trim() : '' };
    if (await reportSuccess(upload.mutateAsync(variables), 'Bestandsbericht übernommen und abgeglichen.')) {
      setCsv(null);
      setSignature(null);
      onImported();
    }
  };

  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Bestandsbericht hochladen
        </Title>
        <Text size="sm" c="dimmed">
          Die CSV-Datei des Lagers (Spalten{' '}
          <Code style={{ wordBreak: 'break-all' }}>
            lot_id;lwin11;bottle_size_ml;bottles_per_case;cases;owner_ref;mrn;as_of
          </Code>
          ) und ihre Signaturdatei (.sig). Ohne gültige Signatur des Lagers wird nichts übernommen.
        </Text>
        <Group align="end">
          <FileInput
            label="Bestandsbericht (CSV)"
            accept=".csv,text/csv"
            value={csv}
            onChange={chooseCsv}
            error={csvError}
            clearable
          />
          <FileInput
            label="Signatur (.sig)"
            accept=".sig,text/plain"
            value={signature}
            onChange={setSignature}
            clearable
          />
          <Button onClick={() => void submit()} disabled={!csv} loading={upload.isPending}>
            Übernehmen
          </Button>
        </Group>
        <DemoWarehouseReport onImported={onImported} />
      </Stack>
    </Paper>
  );
}

/**
 * Only while the demo warehouse stands in (no real warehouse's key): it reports the ledger as it
 * stands, as the real warehouse's system would, without stopping the portal for
 * `npm run warehouse:report`.
 */
function DemoWarehouseReport({ onImported }: { onImported: () => void }) {
  const available = useDemoWarehouseAvailable();
  const report = useReportDemoWarehouseStock();
  if (!available.data) return null;
  const run = async () => {
    if (await reportSuccess(report.mutateAsync(), 'Das Demo-Lager hat seinen Bestand gemeldet.'))
      onImported();
  };
  return (
    <Group gap="sm" data-testid="demo-warehouse">
      <Button variant="light" onClick={() => void run()} loading={report.isPending}>
        Bestand vom Demo-Lager melden lassen
      </Button>
      <Text size="sm" c="dimmed">
        Nur im Demobetrieb: Das Demo-Lager vertritt das echte Lager und meldet genau, was das Depot schuldet.
      </Text>
    </Group>
  );
}
