import { Badge, Box, Button, Group, Table, Text } from '@mantine/core';
import type { ChangeOfferAndPartialOfferMutationVariables } from '../../../api/graphql.generated';
import { reportSuccess } from '../../../components/feedback/success-notice';
import {
  formatPercent,
  isStored,
  marginPercent,
  parseCaseNumbers,
  STORED_LABEL,
} from '../../../domain/backoffice-tranches';
import { EURO_INPUT, validateAmount, validatePrice } from '../../../domain/backoffice-validation';
import { countLabel } from '../../../domain/plural';
import { AuditLogButton } from '../../backoffice-audit';
import { type SortimentTranche, useChangeOfferAndPartialOffer } from '../api/backoffice-sortiment';
import { trancheName } from '../model/tranche-linking';
import { InlineEdit } from './InlineEdit';
import type { OfferRow } from './offer-rows';
import { euro, TRANCHE_LEGEND, trancheBadge } from './tranche-display';

/**
 * The purchase tranches of one offer (expanded row of the offer table): colour by sourcing state,
 * "eingelagert" with a customs reference, inline edits of EKP and quantities, and the buttons for
 * "Einkaufstranche updaten", deleting and the history.
 */
export function TrancheList({
  row,
  onUpdate,
  onDelete,
}: {
  row: OfferRow;
  onUpdate: (tranche: SortimentTranche) => void;
  onDelete: (tranche: SortimentTranche) => void;
}) {
  const change = useChangeOfferAndPartialOffer();
  const save = (variables: ChangeOfferAndPartialOfferMutationVariables) =>
    reportSuccess(change.mutateAsync(variables), 'Die Einkaufstranche wurde gespeichert.');

  if (row.tranches.length === 0) {
    return (
      <Text c="dimmed" p="sm">
        Dieses Angebot hat noch keine Einkaufstranche.
      </Text>
    );
  }

  return (
    // Width 0 / min-width 100 %: the tranche table scrolls inside the offer table instead of widening it.
    <Box w={0} miw="100%">
      <Table.ScrollContainer minWidth={1000} p="xs" bg="gray.0">
        <Table
          aria-label={`Einkaufstranchen von ${row.wine}`}
          verticalSpacing={4}
          fz="sm"
          style={{ whiteSpace: 'nowrap' }}
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Tranche</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>EKP</Table.Th>
              <Table.Th>Marge</Table.Th>
              <Table.Th>Verfügbar</Table.Th>
              <Table.Th>Gesamt</Table.Th>
              <Table.Th>Kistennummern</Table.Th>
              <Table.Th>Proforma / Trade</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {row.tranches.map((tranche) => (
              <TrancheRow
                key={tranche.id}
                tranche={tranche}
                sellPriceBtl={row.sellPriceBtl}
                save={save}
                onUpdate={onUpdate}
                onDelete={onDelete}
              />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Box>
  );
}

/** One tranche of the list: its state, inline edits, case count and buttons. */
function TrancheRow({
  tranche,
  sellPriceBtl,
  save,
  onUpdate,
  onDelete,
}: {
  tranche: SortimentTranche;
  sellPriceBtl: OfferRow['sellPriceBtl'];
  save: (variables: ChangeOfferAndPartialOfferMutationVariables) => Promise<boolean>;
  onUpdate: (tranche: SortimentTranche) => void;
  onDelete: (tranche: SortimentTranche) => void;
}) {
  const name = trancheName(tranche);
  const caseNumbers = parseCaseNumbers(tranche.storageIds ?? '').caseNumbers.length;
  return (
    <Table.Tr data-testid="tranche-row" data-tranche-id={tranche.id}>
      <Table.Td>
        <Text size="sm" fw={500}>
          {name}
        </Text>
      </Table.Td>
      <Table.Td miw={210}>
        <TrancheBadges tranche={tranche} />
      </Table.Td>
      <Table.Td>
        <InlineEdit
          label={`EKP von ${name}`}
          value={tranche.buyPriceBtl ?? ''}
          display={euro(tranche.buyPriceBtl)}
          validate={validatePrice}
          inputFormat={EURO_INPUT}
          format={euro}
          onSave={(buyPriceBtl) => save({ partialOfferId: tranche.id, buyPriceBtl })}
        />
      </Table.Td>
      <Table.Td>
        {formatPercent(tranche.buyPriceBtl ? marginPercent(sellPriceBtl, tranche.buyPriceBtl) : null)}
      </Table.Td>
      <Table.Td>
        <InlineEdit
          label={`Verfügbare Kisten von ${name}`}
          value={String(tranche.quantityAvailable)}
          display={tranche.quantityAvailable}
          validate={validateAmount}
          format={(value) => countLabel(Number(value), 'Kiste')}
          onSave={(quantityAvailable) => save({ partialOfferId: tranche.id, quantityAvailable })}
        />
      </Table.Td>
      <Table.Td>
        <InlineEdit
          label={`Gesamtmenge von ${name}`}
          value={String(tranche.totalQuantityAvailable)}
          display={tranche.totalQuantityAvailable}
          validate={validateAmount}
          format={(value) => countLabel(Number(value), 'Kiste')}
          onSave={(totalQuantityAvailable) => save({ partialOfferId: tranche.id, totalQuantityAvailable })}
        />
      </Table.Td>
      <Table.Td>
        <Text size="sm" title={tranche.storageIds ?? ''} data-testid="tranche-case-count">
          {caseNumbers} / {tranche.totalQuantityAvailable}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">
          {tranche.proformaInvoiceNumberSourcing ?? '–'} / {tranche.livexTrade ?? '–'}
          {tranche.paid ? ' · bezahlt' : ''}
        </Text>
      </Table.Td>
      <Table.Td>
        <Group gap={4} wrap="nowrap" justify="flex-end">
          <Button size="compact-sm" variant="light" onClick={() => onUpdate(tranche)}>
            Updaten
          </Button>
          <Button size="compact-sm" variant="subtle" color="red" onClick={() => onDelete(tranche)}>
            Löschen
          </Button>
          <AuditLogButton entity="partial_offer" entityId={tranche.id} label={name} />
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

/** A tranche's colour badge (its long text as the title) and "eingelagert" when it has a customs reference. */
export function TrancheBadges({ tranche }: { tranche: SortimentTranche }) {
  const badge = trancheBadge(tranche);
  return (
    <Group gap={4} wrap="nowrap">
      {/* At its full label's width: a table column squeezed by the layout must not cut it to "OHNE BE…". */}
      <Badge
        style={{ flexShrink: 0, minWidth: 'max-content' }}
        color={badge.mantineColour}
        variant="filled"
        data-colour={badge.colour}
        title={badge.description}
      >
        {badge.label}
      </Badge>
      {isStored(tranche) ? (
        <Badge
          style={{ flexShrink: 0, minWidth: 'max-content' }}
          color="blue"
          variant="light"
          title={`MRN ${tranche.mrn}`}
        >
          {STORED_LABEL}
        </Badge>
      ) : null}
    </Group>
  );
}

/** Legend of the tranche colours and the stored label. */
export function TrancheLegend() {
  return (
    <Group gap="md" aria-label="Farben der Einkaufstranchen">
      {TRANCHE_LEGEND.map((entry) => (
        <Group key={entry.colour} gap={4}>
          <Badge color={entry.mantineColour} variant="filled" size="sm">
            {entry.label}
          </Badge>
          <Text size="xs" c="dimmed">
            {entry.description}
          </Text>
        </Group>
      ))}
      <Group gap={4}>
        <Badge color="blue" variant="light" size="sm">
          {STORED_LABEL}
        </Badge>
        <Text size="xs" c="dimmed">
          mit Zollnummer (MRN)
        </Text>
      </Group>
    </Group>
  );
}
