/**
 * "Verkaufen" in two steps. First the number of cases (1 … the position's cases) and the asking
 * price per bottle (prefilled with the market value per bottle, German decimal input), the
 * expected proceeds shown live (cases × bottles × price − 3.5 % sales commission); on leaving the
 * price field a price outside the band around the market value is named with its distance, and
 * only a tick on that warning lets it go on. Then a summary of what is sent, before anything is.
 */
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  NumberInput,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import { showSuccessNotice } from '../../../components/feedback/success-notice';
import { useOnline } from '../../../components/offline/use-online';
import { marketValueBasis } from '../../../domain/market-value';
import { centsToDecimal, formatEuro } from '../../../domain/money';
import { countLabel } from '../../../domain/plural';
import {
  MAX_ASK_PRICE_BTL_CENTS,
  parsePriceInput,
  priceDeviation,
  priceDeviationText,
  type SellProceeds,
  sellProceeds,
  sellTexts,
} from '../../../domain/secondary-market';
import { centsToInput, useCreateSellOrder, vintageTitle } from '../../secondary-market';
import type { DepotRow } from '../model/depot-rows';

/** The depot position a sale is offered from: how many cases it holds, of how many bottles. */
export interface SellablePosition {
  id: number;
  amount: number;
  caskOf: number;
}

interface Props {
  row: DepotRow;
  position: SellablePosition;
  onClose: () => void;
}

export function SellDialog({ row, position, onClose }: Props) {
  const online = useOnline();
  const create = useCreateSellOrder();
  const [step, setStep] = useState<'edit' | 'summary'>('edit');
  const [cases, setCases] = useState<number>(position.amount);
  const [price, setPrice] = useState(() =>
    centsToInput(row.valuation.marketValueBtl ?? row.valuation.buyPriceBtl),
  );
  // The distance to the market value is named once the price field is left (not while typing).
  const [priceLeft, setPriceLeft] = useState(false);
  const [confirmed, setConfirmed] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);

  const priceCents = parsePriceInput(price);
  const priceError =
    price.trim() === ''
      ? null
      : priceCents === null
        ? sellTexts.priceInvalid
        : priceCents > MAX_ASK_PRICE_BTL_CENTS
          ? sellTexts.priceTooHigh
          : null;
  const casesValid = Number.isInteger(cases) && cases >= 1 && cases <= position.amount;
  const proceeds =
    priceCents !== null && casesValid ? sellProceeds(cases, position.caskOf, priceCents) : null;
  const basis =
    row.valuationSource && row.valuationDate
      ? marketValueBasis(row.valuationSource, row.valuationDate)
      : null;
  const deviation =
    priceCents !== null && basis ? priceDeviation(priceCents, row.valuation.marketValueBtl) : null;
  const deviationText = deviation && basis ? priceDeviationText(deviation, basis) : null;
  const valid = casesValid && priceCents !== null && priceError === null;
  const canContinue = online && valid && (deviation === null || confirmed);

  const changePrice = (value: string) => {
    setPrice(value);
    setPriceLeft(false);
    setConfirmed(false);
  };

  const toSummary = () => {
    setPriceLeft(true);
    if (!canContinue) return;
    setServerError(null);
    setStep('summary');
  };

  const submit = async () => {
    if (!canContinue || priceCents === null) return;
    setServerError(null);
    try {
      const result = await create.mutateAsync({
        depotPositionId: position.id,
        cases,
        askPriceBtl: centsToDecimal(priceCents),
        confirmDeviation: deviation !== null && confirmed,
      });
      if (!result.success) {
        // The valuation may have changed since the dialog opened: back to the price, unticked.
        if (result.errors[0]?.code === 'PRICE_DEVIATION') {
          setConfirmed(false);
          setStep('edit');
        }
        setServerError(result.errors[0]?.message ?? 'Der Verkaufsauftrag konnte nicht angelegt werden.');
        return;
      }
      showSuccessNotice(
        `Ihr Verkaufsauftrag über ${countLabel(cases, 'Kiste')} ist eingegangen. Wir prüfen ihn und melden uns.`,
      );
      onClose();
    } catch {
      setServerError(
        online ? 'Der Verkaufsauftrag konnte nicht angelegt werden.' : sellTexts.needsConnection,
      );
    }
  };

  const title = vintageTitle(row.title, row.year);
  return (
    <Modal opened onClose={onClose} title={`${title} verkaufen`} size="md">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (step === 'edit') toSummary();
          else void submit();
        }}
      >
        <Stack gap="md">
          <Text fz="sm" c="dimmed">
            {step === 'edit' ? 'Schritt 1 von 2: Kisten und Preis' : 'Schritt 2 von 2: Zusammenfassung'}
          </Text>
          {step === 'edit' ? (
            <>
              <Text fz="sm" c="dimmed">
                {row.packaging} je Kiste · {countLabel(position.amount, 'Kiste')} im Zollfreilager
              </Text>
              <NumberInput
                label="Anzahl Kisten"
                min={1}
                max={position.amount}
                step={1}
                allowDecimal={false}
                allowNegative={false}
                clampBehavior="strict"
                value={cases}
                onChange={(value) => setCases(typeof value === 'number' ? value : Number(value) || 0)}
                error={casesValid ? null : sellTexts.casesInvalid(position.amount)}
                data-autofocus
              />
              <TextInput
                label="Preis je Flasche (€)"
                description={
                  row.valuation.marketValueBtl !== null
                    ? `Marktwert je Flasche: ${formatEuro(row.valuation.marketValueBtl)}${basis ? ` (${basis})` : ''}`
                    : `Ohne Marktbewertung; Ihr Kaufpreis je Flasche: ${formatEuro(row.valuation.buyPriceBtl)}`
                }
                inputMode="decimal"
                value={price}
                onChange={(event) => changePrice(event.currentTarget.value)}
                onBlur={() => setPriceLeft(true)}
                error={priceError ?? (price.trim() === '' ? sellTexts.priceInvalid : null)}
              />
              {priceLeft && deviationText && (
                <Alert
                  color="orange"
                  title="Preis weicht stark vom Marktwert ab"
                  data-testid="price-deviation"
                >
                  <Stack gap="xs">
                    <Text fz="sm">Ihr Preis liegt {deviationText}.</Text>
                    <Checkbox
                      label={sellTexts.deviationConfirm}
                      checked={confirmed}
                      onChange={(event) => setConfirmed(event.currentTarget.checked)}
                    />
                  </Stack>
                </Alert>
              )}
              <ProceedsTable cases={casesValid ? cases : 0} caskOf={position.caskOf} proceeds={proceeds} />
              <Text fz="xs" c="dimmed">
                Nach unserer Prüfung bieten wir {cases === 1 ? 'die Kiste' : 'die Kisten'} unter den
                Top-Angeboten an. Bis ein Käufer sie verbindlich bestellt, können Sie den Auftrag
                zurückziehen.
              </Text>
            </>
          ) : (
            <Summary
              title={title}
              packaging={row.packaging}
              cases={cases}
              priceBtl={priceCents ?? 0}
              caskOf={position.caskOf}
              proceeds={proceeds}
              deviationText={deviationText}
            />
          )}
          {!online && (
            <Alert color="orange" role="status">
              {sellTexts.needsConnection}
            </Alert>
          )}
          {serverError && (
            <Alert color="red" role="alert">
              {serverError}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            {step === 'edit' ? (
              <>
                <Button variant="default" onClick={onClose}>
                  Abbrechen
                </Button>
                <Button type="submit" disabled={!online || !valid || (priceLeft && !canContinue)}>
                  Weiter zur Übersicht
                </Button>
              </>
            ) : (
              <>
                <Button variant="default" onClick={() => setStep('edit')}>
                  Zurück
                </Button>
                <Button type="submit" disabled={!canContinue} loading={create.isPending}>
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

function ProceedsTable({
  cases,
  caskOf,
  proceeds,
}: {
  cases: number;
  caskOf: number;
  proceeds: SellProceeds | null;
}) {
  return (
    <Table withRowBorders={false} verticalSpacing={4} aria-label="Erwarteter Erlös">
      <Table.Tbody>
        <Table.Tr>
          <Table.Td>Verkaufserlös ({countLabel(cases * caskOf, 'Flasche')})</Table.Td>
          <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
            {proceeds ? formatEuro(proceeds.gross) : '–'}
          </Table.Td>
        </Table.Tr>
        <Table.Tr>
          <Table.Td>abzüglich 3,5 % Verkaufsprovision</Table.Td>
          <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
            {proceeds ? `− ${formatEuro(proceeds.commission)}` : '–'}
          </Table.Td>
        </Table.Tr>
        <Table.Tr>
          <Table.Td fw={700}>Erwarteter Erlös</Table.Td>
          <Table.Td ta="right" fw={700} style={{ whiteSpace: 'nowrap' }} data-testid="expected-proceeds">
            {proceeds ? formatEuro(proceeds.net) : '–'}
          </Table.Td>
        </Table.Tr>
      </Table.Tbody>
    </Table>
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
