import {
  ActionIcon,
  Badge,
  Button,
  Checkbox,
  Group,
  Modal,
  NumberInput,
  Paper,
  Stack,
  Text,
} from '@mantine/core';
import { MIN_ORDER_CASES } from '../../../domain/order-costs';
import { POSITION_PENDING_TEXT, vintageLabel } from '../../../domain/order-list-texts';
import { countLabel } from '../../../domain/plural';
import { ResaleOrigin, SecondaryMarketBadge } from '../../secondary-market';
import { type OrderPositionChange, useOrderPositionEditing } from '../api/order-position-editing';
import type { OrderPositionView } from '../api/orders';

export interface OrderPositionRowProps {
  position: OrderPositionView;
  /** "order-list": editable with removal; "display": read-only. Default "order-list". */
  mode?: 'order-list' | 'display';
  /** Added on this device while offline: marked as waiting for the connection. */
  waiting?: boolean;
  /** A queued add: the condition report is chosen once the server has the position. Default false. */
  conditionReportLater?: boolean;
  onChange?: (change: OrderPositionChange) => void;
  onRemove?: () => void;
}

/** A queued add carries no condition report (adding a position takes none). */
const CONDITION_REPORT_LATER = 'Wählbar, sobald die Position übertragen ist';

type Editing = ReturnType<typeof useOrderPositionEditing>;

/** One order position: wine, bottle size, case price, case amount, condition-report flag, removal. */
export function OrderPositionRow({
  position,
  mode = 'order-list',
  waiting = false,
  conditionReportLater = false,
  onChange,
  onRemove,
}: OrderPositionRowProps) {
  const title = vintageLabel(position.offer.vintage.title, position.offer.vintage.year);
  const editing = useOrderPositionEditing(position, { onChange, onRemove });
  return (
    <Paper withBorder p="md" data-testid="order-position">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <PositionSummary position={position} title={title} waiting={waiting} />
        {mode === 'order-list' ? (
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={`${title} entfernen`}
            onClick={editing.askRemove}
          >
            ✕
          </ActionIcon>
        ) : null}
      </Group>
      {mode === 'order-list' ? (
        <PositionControls editing={editing} conditionReportLater={conditionReportLater} />
      ) : (
        <Text size="sm" mt="xs">
          {countLabel(position.amount, 'Kiste')}
          {position.conditionReport ? ' · mit Zustandsbericht' : ''}
        </Text>
      )}
      <Modal
        opened={editing.confirming}
        onClose={editing.cancelRemove}
        title={`${title} entfernen?`}
        centered
      >
        <Group justify="flex-end">
          <Button variant="default" onClick={editing.cancelRemove}>
            Zurück
          </Button>
          <Button color="red" onClick={editing.confirmRemove}>
            Entfernen
          </Button>
        </Group>
      </Modal>
    </Paper>
  );
}

/** The wine, its marks, bottle size, prices and where the position came from. */
function PositionSummary({
  position,
  title,
  waiting,
}: {
  position: OrderPositionView;
  title: string;
  waiting: boolean;
}) {
  return (
    <Stack gap={4} miw={0}>
      <Group gap="xs">
        <Text fw={600}>{title}</Text>
        {position.offer.secondaryMarket ? <SecondaryMarketBadge size="sm" /> : null}
        {waiting ? (
          <Badge color="yellow" variant="light">
            {POSITION_PENDING_TEXT}
          </Badge>
        ) : null}
      </Group>
      <Text size="sm" c="dimmed">
        {position.offer.vintage.wine.winery.title} · {position.offer.bottleSize.title} ·{' '}
        {countLabel(position.offer.caskOf, 'Flasche')} je Kiste
      </Text>
      <Text size="sm" data-testid="order-position-price">
        {position.priceCaseStr} je Kiste ({position.priceBtlStr} je Flasche)
      </Text>
      {position.offer.resaleOrigin ? <ResaleOrigin origin={position.offer.resaleOrigin} compact /> : null}
      {position.agreedPriceBtl !== null && position.agreedPriceBtl !== undefined ? (
        <Text size="xs" c="dimmed">
          Preis aus dem Angebot Ihres Beraters
        </Text>
      ) : null}
      {position.fromRecommendation ? (
        <Text size="xs" c="dimmed">
          Aus Ihrem Angebot: {position.fromRecommendation}
        </Text>
      ) : null}
    </Stack>
  );
}

/** The amount box and the condition-report box of an editable position. */
function PositionControls({
  editing,
  conditionReportLater,
}: {
  editing: Editing;
  conditionReportLater: boolean;
}) {
  return (
    <Group mt="sm" gap="lg" align="flex-end">
      <NumberInput
        label="Kisten"
        w={120}
        min={MIN_ORDER_CASES}
        max={editing.maxCases}
        allowDecimal={false}
        allowNegative={false}
        clampBehavior="blur"
        value={editing.amount}
        onChange={editing.changeAmount}
        onBlur={editing.flushAmount}
      />
      <Checkbox
        label="Zustandsbericht"
        description={conditionReportLater ? CONDITION_REPORT_LATER : undefined}
        disabled={conditionReportLater}
        checked={editing.conditionReport}
        onChange={(event) => editing.changeConditionReport(event.currentTarget.checked)}
      />
    </Group>
  );
}
