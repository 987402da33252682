/**
 * Zweitmarkt on the depot screen: cases in the bonded warehouse can be offered
 * ("Verkaufen"), offered ones show "Steht zum Verkauf" with the asking price and a withdraw
 * button. Sold cases are listed once, under the depot's "Verkaufte Positionen" with their proceeds
 * and settlement PDF. Only in the client's own depot (the staff view of a client's depot shows the
 * statuses only).
 */
import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Suspense, useMemo, useState } from 'react';
import { useParams } from 'react-router-dom';
import { showSuccessNotice } from '../../../components/feedback/success-notice';
import { lazyComponent } from '../../../components/lazy-component';
import { useOnline } from '../../../components/offline/use-online';
import { formatEuro } from '../../../domain/money';
import { countLabel } from '../../../domain/plural';
import { SELL_ORDER_STATUS_LABELS, sellTexts } from '../../../domain/secondary-market';
import {
  cents,
  orderTitle,
  type SellOrder,
  useCancelSellOrder,
  useMySellOrders,
  vintageTitle,
} from '../../secondary-market';
import type { DepotRow } from '../model/depot-rows';
import { Figure } from './hidden-figures';
import { ShowMoreButton, useListPage } from './show-more';
import type { SellablePosition } from './use-sell-form';

// The sell dialog (NumberInput, ≈ 9 KB gzipped) loads when a position is offered for sale, not with the depot.
const SellDialog = lazyComponent(() => import('./SellDialog').then((module) => module.SellDialog));

interface Props {
  rows: DepotRow[];
  positions: readonly SellablePosition[];
}

export function DepotSecondaryMarket(props: Props) {
  const { clientsMail } = useParams();
  if (clientsMail) return null;
  return <OwnSecondaryMarket {...props} />;
}

function OwnSecondaryMarket({ rows, positions }: Props) {
  const byId = useMemo(() => new Map(positions.map((position) => [position.id, position])), [positions]);
  const orders = useMySellOrders();
  const online = useOnline();
  const [selling, setSelling] = useState<{ row: DepotRow; position: SellablePosition } | null>(null);
  const sellable = useMemo(() => rows.filter((row) => row.status === 'IN_BOND' && !row.enPrimeur), [rows]);
  const sellablePage = useListPage(sellable);
  const open = (orders.data ?? []).filter(
    (order) => order.status === 'REQUESTED' || order.status === 'LISTED',
  );
  const rejected = (orders.data ?? []).filter((order) => order.status === 'REJECTED').slice(0, 3);
  if (sellable.length === 0 && open.length === 0 && rejected.length === 0) return null;

  return (
    <Paper withBorder radius="md" p="md" data-testid="secondary-market">
      <Stack gap="md">
        <div>
          <Title order={2} fz="h3">
            Zweitmarkt
          </Title>
          <Text fz="sm" c="dimmed">
            Kisten im Zollfreilager können Sie anderen Kundinnen und Kunden anbieten. Nach unserer Prüfung
            erscheinen sie unter den Top-Angeboten; vom Erlös ziehen wir 3,5 % Verkaufsprovision ab.
          </Text>
          {!online && (
            <Text fz="sm" c="orange.9" mt={4} role="status">
              {sellTexts.needsConnection}
            </Text>
          )}
        </div>

        {sellable.length > 0 && (
          <Stack gap="xs" data-testid="sellable-positions">
            <Title order={3} fz="h5">
              Im Zollfreilager – verkaufbar
            </Title>
            {sellablePage.visible.map((row) => {
              const position = byId.get(row.id);
              if (!position) return null;
              return (
                <Group key={row.id} justify="space-between" wrap="wrap" gap="xs">
                  <div style={{ minWidth: 0, flex: '1 1 16rem' }}>
                    <Text fw={500}>{vintageTitle(row.title, row.year)}</Text>
                    <Text fz="sm" c="dimmed">
                      {row.gebinde}
                      {row.storageId ? ` · Lager-IDs ${row.storageId}` : ''}
                    </Text>
                  </div>
                  <Button
                    variant="light"
                    aria-label={`${vintageTitle(row.title, row.year)} verkaufen`}
                    onClick={() => setSelling({ row, position })}
                    disabled={!online}
                    title={online ? undefined : sellTexts.needsConnection}
                  >
                    Verkaufen
                  </Button>
                </Group>
              );
            })}
            <ShowMoreButton remaining={sellablePage.remaining} onClick={sellablePage.showMore} />
          </Stack>
        )}

        {open.length > 0 && (
          <Stack gap="xs" data-testid="for-sale-orders">
            <Title order={3} fz="h5">
              Steht zum Verkauf
            </Title>
            {open.map((order) => (
              <OpenOrder key={order.id} order={order} online={online} />
            ))}
          </Stack>
        )}

        {rejected.length > 0 && (
          <Stack gap="xs">
            <Title order={3} fz="h5">
              Abgelehnte Verkaufsaufträge
            </Title>
            {rejected.map((order) => (
              <Text key={order.id} fz="sm">
                {orderTitle(order)}: {order.rejectReason}
              </Text>
            ))}
          </Stack>
        )}
      </Stack>
      {selling && (
        <Suspense fallback={null}>
          <SellDialog row={selling.row} position={selling.position} onClose={() => setSelling(null)} />
        </Suspense>
      )}
    </Paper>
  );
}

function OpenOrder({ order, online }: { order: SellOrder; online: boolean }) {
  const cancel = useCancelSellOrder();
  const reserved = order.casesReserved > 0;
  // A refusal or network error is shown by the query client's handler (useCancelSellOrder's meta).
  const withdraw = () =>
    cancel.mutate(order.id, {
      onSuccess: () =>
        showSuccessNotice(
          `Der Verkaufsauftrag wurde zurückgezogen. ${order.cases === 1 ? 'Die Kiste liegt' : 'Die Kisten liegen'} wieder in Ihrem Depot.`,
        ),
    });
  return (
    <Group justify="space-between" wrap="wrap" gap="xs" data-testid="for-sale-order">
      <div style={{ minWidth: 0, flex: '1 1 16rem' }}>
        <Group gap="xs">
          <Text fw={500}>{orderTitle(order)}</Text>
          <Badge color={order.status === 'LISTED' ? 'grape' : 'gray'} variant="light">
            {reserved ? 'Vom Käufer bestellt' : SELL_ORDER_STATUS_LABELS[order.status]}
          </Badge>
        </Group>
        <Text fz="sm" c="dimmed">
          {countLabel(order.cases - order.casesSold, 'Kiste')} zu{' '}
          <Figure>{formatEuro(cents(order.askPriceBtl))}</Figure> je Flasche · erwarteter Erlös{' '}
          <Figure>{formatEuro(cents(order.expectedProceedsNet))}</Figure>
        </Text>
      </div>
      {!reserved && (
        <Button
          variant="default"
          onClick={withdraw}
          loading={cancel.isPending}
          disabled={!online}
          title={online ? undefined : 'Zum Zurückziehen wird eine Internetverbindung benötigt.'}
        >
          Zurückziehen
        </Button>
      )}
    </Group>
  );
}
