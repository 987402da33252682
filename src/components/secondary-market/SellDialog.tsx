/**
 * "Verkaufen": number of cases (1 … the position's cases), asking price per bottle (prefilled with
 * the market value per bottle, German decimal input) and the expected proceeds shown live:
 * cases × bottles × price − 3.5 % sales commission.
 */
import { Alert, Button, Group, Modal, NumberInput, Stack, Table, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { DepotRow } from '../../domain/client/depot-rows';
import { centsToDecimal, formatEuro } from '../../domain/money';
import { countLabel } from '../../domain/plural';
import {
  MAX_ASK_PRICE_BTL_CENTS,
  parsePriceInput,
  sellProceeds,
  sellTexts,
} from '../../domain/secondary-market';
import { useCreateSellOrder } from '../../queries/secondary-market';
import { useOnline } from '../offline/use-online';
import type { SellablePosition } from './DepotSecondaryMarket';
import { centsToInput, vintageTitle } from './sell-format';

interface Props {
  row: DepotRow;
  position: SellablePosition;
  onClose: () => void;
}

export function SellDialog({ row, position, onClose }: Props) {
  const online = useOnline();
  const create = useCreateSellOrder();
  const [cases, setCases] = useState<number>(position.amount);
  const [price, setPrice] = useState(() =>
    centsToInput(row.valuation.marketValueBtl ?? row.valuation.buyPriceBtl),
  );
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
  const canSubmit = online && casesValid && priceCents !== null && priceError === null;

  const submit = async () => {
    if (!canSubmit || priceCents === null) return;
    setServerError(null);
    try {
      const result = await create.mutateAsync({
        depotPositionId: position.id,
        cases,
        askPriceBtl: centsToDecimal(priceCents),
      });
      if (!result.success) {
        setServerError(result.errors[0]?.message ?? 'Der Verkaufsauftrag konnte nicht angelegt werden.');
        return;
      }
      notifications.show({
        color: 'teal',
        message: `Ihr Verkaufsauftrag über ${countLabel(cases, 'Kiste')} ist eingegangen. Wir prüfen ihn und melden uns.`,
      });
      onClose();
    } catch {
      setServerError(
        online ? 'Der Verkaufsauftrag konnte nicht angelegt werden.' : sellTexts.needsConnection,
      );
    }
  };

  return (
    <Modal opened onClose={onClose} title={`${vintageTitle(row.title, row.year)} verkaufen`} size="md">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack gap="md">
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
                ? `Marktwert je Flasche: ${formatEuro(row.valuation.marketValueBtl)}`
                : `Ohne Marktbewertung; Ihr Kaufpreis je Flasche: ${formatEuro(row.valuation.buyPriceBtl)}`
            }
            inputMode="decimal"
            value={price}
            onChange={(event) => setPrice(event.currentTarget.value)}
            error={priceError ?? (price.trim() === '' ? sellTexts.priceInvalid : null)}
          />
          <Table withRowBorders={false} verticalSpacing={4} aria-label="Erwarteter Erlös">
            <Table.Tbody>
              <Table.Tr>
                <Table.Td>
                  Verkaufserlös ({countLabel(casesValid ? cases * position.caskOf : 0, 'Flasche')})
                </Table.Td>
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
                <Table.Td
                  ta="right"
                  fw={700}
                  style={{ whiteSpace: 'nowrap' }}
                  data-testid="expected-proceeds"
                >
                  {proceeds ? formatEuro(proceeds.net) : '–'}
                </Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
          <Text fz="xs" c="dimmed">
            Nach unserer Prüfung bieten wir {cases === 1 ? 'die Kiste' : 'die Kisten'} unter den Top-Angeboten
            an. Bis ein Käufer sie verbindlich bestellt, können Sie den Auftrag zurückziehen.
          </Text>
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
            <Button variant="default" onClick={onClose}>
              Abbrechen
            </Button>
            <Button type="submit" disabled={!canSubmit} loading={create.isPending}>
              Verkaufsauftrag senden
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
