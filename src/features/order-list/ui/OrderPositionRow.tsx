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
import { useEffect, useRef, useState } from 'react';
import { MAX_ORDER_CASES, MIN_ORDER_CASES, orderAmountProblem } from '../../../domain/order-costs';
import { POSITION_PENDING_TEXT, vintageLabel } from '../../../domain/order-list-texts';
import { countLabel } from '../../../domain/plural';
import { ResaleOrigin, SecondaryMarketBadge } from '../../secondary-market';
import type { OrderPositionView } from '../api/orders';

export interface OrderPositionRowProps {
  position: OrderPositionView;
  /** "order-list": editable with removal; "display": read-only. Default "order-list". */
  mode?: 'order-list' | 'display';
  /** Added on this device while offline: marked as waiting for the connection. */
  waiting?: boolean;
  /** A queued add: the condition report is chosen once the server has the position. Default false. */
  conditionReportLater?: boolean;
  onChange?: (change: { amount?: number; conditionReport?: boolean }) => void;
  onRemove?: () => void;
}

const SAVE_DELAY_MS = 500;

/** A queued add carries no condition report (adding a position takes none). */
const CONDITION_REPORT_LATER = 'Wählbar, sobald die Position übertragen ist';

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
  const [amount, setAmount] = useState<number | string>(position.amount);
  const [confirming, setConfirming] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  // The amount waiting for the typing pause; sent at once when the row goes away before it ends
  // (the client navigates away, the list re-renders), so a typed amount is never dropped.
  const pending = useRef<(() => void) | null>(null);
  const maxCases = Math.min(MAX_ORDER_CASES, Math.max(position.amount, position.offer.availableCases));

  // The box follows the click at once; the saved value (or a rollback) arrives through the props.
  const [conditionReport, setConditionReport] = useState(position.conditionReport);
  useEffect(() => setAmount(position.amount), [position.amount]);
  useEffect(() => setConditionReport(position.conditionReport), [position.conditionReport]);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
      pending.current?.();
    },
    [],
  );

  const changeAmount = (value: number | string) => {
    setAmount(value);
    if (timer.current) clearTimeout(timer.current);
    pending.current = null;
    if (typeof value !== 'number' || orderAmountProblem(value, maxCases) || value === position.amount) return;
    const send = () => {
      timer.current = null;
      pending.current = null;
      onChange?.({ amount: value });
    };
    pending.current = send;
    timer.current = setTimeout(send, SAVE_DELAY_MS);
  };

  return (
    <Paper withBorder p="md" data-testid="order-position">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
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
        {mode === 'order-list' ? (
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={`${title} entfernen`}
            onClick={() => setConfirming(true)}
          >
            ✕
          </ActionIcon>
        ) : null}
      </Group>
      {mode === 'order-list' ? (
        <Group mt="sm" gap="lg" align="flex-end">
          <NumberInput
            label="Kisten"
            w={120}
            min={MIN_ORDER_CASES}
            max={maxCases}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="blur"
            value={amount}
            onChange={changeAmount}
          />
          <Checkbox
            label="Zustandsbericht"
            description={conditionReportLater ? CONDITION_REPORT_LATER : undefined}
            disabled={conditionReportLater}
            checked={conditionReport}
            onChange={(event) => {
              const checked = event.currentTarget.checked;
              setConditionReport(checked);
              onChange?.({ conditionReport: checked });
            }}
          />
        </Group>
      ) : (
        <Text size="sm" mt="xs">
          {countLabel(position.amount, 'Kiste')}
          {position.conditionReport ? ' · mit Zustandsbericht' : ''}
        </Text>
      )}
      <Modal opened={confirming} onClose={() => setConfirming(false)} title={`${title} entfernen?`} centered>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setConfirming(false)}>
            Zurück
          </Button>
          <Button
            color="red"
            onClick={() => {
              setConfirming(false);
              onRemove?.();
            }}
          >
            Entfernen
          </Button>
        </Group>
      </Modal>
    </Paper>
  );
}
