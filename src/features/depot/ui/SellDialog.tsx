/**
 * "Verkaufen" in two steps. First the number of cases (1 … the position's cases) and the asking
 * price per bottle (prefilled with the market value per bottle, German decimal input), the
 * expected proceeds shown live (cases × bottles × price − 3.5 % sales commission); on leaving the
 * price field a price outside the band around the market value is named with its distance, and
 * only a tick on that warning lets it go on. Then a summary of what is sent, before anything is.
 */
import { Alert, Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { formatEuro } from '../../../domain/money';
import { countLabel } from '../../../domain/plural';
import { type SellProceeds, sellTexts } from '../../../domain/secondary-market';
import { vintageTitle } from '../../secondary-market';
import type { DepotRow } from '../model/depot-rows';
import { SellEditStep } from './SellEditStep';
import { type SellablePosition, useSellForm } from './use-sell-form';

interface Props {
  row: DepotRow;
  position: SellablePosition;
  onClose: () => void;
}

export function SellDialog({ row, position, onClose }: Props) {
  const sell = useSellForm(row, position, onClose);
  const { step, online } = sell;
  const title = vintageTitle(row.title, row.year);
  return (
    <Modal opened onClose={onClose} title={`${title} verkaufen`} size="md">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          sell.submit();
        }}
      >
        <Stack gap="md">
          <Text fz="sm" c="dimmed">
            {step === 'edit' ? 'Schritt 1 von 2: Kisten und Preis' : 'Schritt 2 von 2: Zusammenfassung'}
          </Text>
          {step === 'edit' ? (
            <SellEditStep row={row} position={position} sell={sell} />
          ) : (
            <Summary
              title={title}
              packaging={row.packaging}
              cases={sell.form.values.cases}
              priceBtl={sell.priceCents ?? 0}
              caskOf={position.caskOf}
              proceeds={sell.proceeds}
              deviationText={sell.deviationText}
            />
          )}
          {!online && (
            <Alert color="orange" role="status">
              {sellTexts.needsConnection}
            </Alert>
          )}
          {sell.serverError && (
            <Alert color="red" role="alert">
              {sell.serverError}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            {step === 'edit' ? (
              <>
                <Button variant="default" onClick={onClose}>
                  Abbrechen
                </Button>
                <Button
                  type="submit"
                  disabled={!online || !sell.valid || (sell.priceLeft && !sell.canContinue)}
                >
                  Weiter zur Übersicht
                </Button>
              </>
            ) : (
              <>
                <Button variant="default" onClick={sell.back}>
                  Zurück
                </Button>
                <Button type="submit" disabled={!sell.canContinue} loading={sell.sending}>
                  Verkaufsauftrag senden
                </Button>
              </>
            )}
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** What is sent: wine, cases, price per bottle, commission and expected proceeds, and a confirmed deviation. */
function Summary({
  title,
  packaging,
  cases,
  priceBtl,
  caskOf,
  proceeds,
  deviationText,
}: {
  title: string;
  packaging: string;
  cases: number;
  priceBtl: number;
  caskOf: number;
  proceeds: SellProceeds | null;
  deviationText: string | null;
}) {
  const rows: [string, string][] = [
    ['Wein', title],
    ['Kisten', `${countLabel(cases, 'Kiste')} à ${packaging}`],
    ['Preis je Flasche', formatEuro(priceBtl)],
    [`Verkaufserlös (${countLabel(cases * caskOf, 'Flasche')})`, proceeds ? formatEuro(proceeds.gross) : '–'],
    ['Verkaufsprovision 3,5 %', proceeds ? `− ${formatEuro(proceeds.commission)}` : '–'],
  ];
  return (
    <Stack gap="sm" data-testid="sell-summary">
      <Table withRowBorders={false} verticalSpacing={4} aria-label="Zusammenfassung des Verkaufsauftrags">
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th scope="row" fw={400}>
                {label}
              </Table.Th>
              <Table.Td ta="right">{value}</Table.Td>
            </Table.Tr>
          ))}
          <Table.Tr>
            <Table.Th scope="row">Erwarteter Erlös</Table.Th>
            <Table.Td ta="right" fw={700} style={{ whiteSpace: 'nowrap' }} data-testid="summary-proceeds">
              {proceeds ? formatEuro(proceeds.net) : '–'}
            </Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
      {deviationText && (
        <Text fz="sm" c="orange.9">
          Von Ihnen bestätigt: Ihr Preis liegt {deviationText}.
        </Text>
      )}
      <Text fz="xs" c="dimmed">
        Mit dem Senden beauftragen Sie uns, {cases === 1 ? 'die Kiste' : 'die Kisten'} zu diesem Preis
        anzubieten. Bis ein Käufer verbindlich bestellt, können Sie den Auftrag zurückziehen.
      </Text>
    </Stack>
  );
}
