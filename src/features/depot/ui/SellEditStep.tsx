import { Alert, Checkbox, NumberInput, Stack, Table, Text, TextInput } from '@mantine/core';
import { formatEuro } from '../../../domain/money';
import { countLabel } from '../../../domain/plural';
import { type SellProceeds, sellTexts } from '../../../domain/secondary-market';
import type { DepotRow } from '../model/depot-rows';
import type { SellablePosition, SellForm } from './use-sell-form';

/**
 * Step 1 of "Verkaufen": the number of cases and the asking price per bottle, the expected
 * proceeds live, and the warning with its tick when the price is far from the market value.
 */
export function SellEditStep({
  row,
  position,
  sell,
}: {
  row: DepotRow;
  position: SellablePosition;
  sell: SellForm;
}) {
  const { form, errors } = sell;
  const { cases } = form.values;
  return (
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
        onChange={sell.changeCases}
        error={errors.cases}
        data-autofocus
      />
      <TextInput
        label="Preis je Flasche (€)"
        description={
          row.valuation.marketValueBtl !== null
            ? `Marktwert je Flasche: ${formatEuro(row.valuation.marketValueBtl)}${sell.basis ? ` (${sell.basis})` : ''}`
            : `Ohne Marktbewertung; Ihr Kaufpreis je Flasche: ${formatEuro(row.valuation.buyPriceBtl)}`
        }
        inputMode="decimal"
        value={form.values.price}
        onChange={(event) => sell.changePrice(event.currentTarget.value)}
        onBlur={sell.leavePrice}
        error={errors.price}
      />
      {sell.priceLeft && sell.deviationText && (
        <Alert color="orange" title="Preis weicht stark vom Marktwert ab" data-testid="price-deviation">
          <Stack gap="xs">
            <Text fz="sm">Ihr Preis liegt {sell.deviationText}.</Text>
            <Checkbox
              label={sellTexts.deviationConfirm}
              {...form.getInputProps('confirmed', { type: 'checkbox', withFocus: false })}
            />
          </Stack>
        </Alert>
      )}
      <ProceedsTable cases={sell.casesValid ? cases : 0} caskOf={position.caskOf} proceeds={sell.proceeds} />
      <Text fz="xs" c="dimmed">
        Nach unserer Prüfung bieten wir {cases === 1 ? 'die Kiste' : 'die Kisten'} unter den Top-Angeboten an.
        Bis ein Käufer sie verbindlich bestellt, können Sie den Auftrag zurückziehen.
      </Text>
    </>
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
