/**
 * Management › Zweitmarkt (staff): the clients' sell orders by status. A REQUESTED order is listed
 * (sell price per bottle for the buyer, default the asking price; the difference is the house's
 * margin; below the asking price only with a reason) or rejected with a reason the seller gets by
 * e-mail. Both are in the audit log. The approval shows what the price is measured against.
 */
import {
  Alert,
  Anchor,
  Button,
  Group,
  Modal,
  SegmentedControl,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { useState } from 'react';
import { showSuccessNotice } from '../../../components/feedback/success-notice';
import { formatDate } from '../../../domain/dates';
import { marketValueBasis } from '../../../domain/market-value';
import { centsToDecimal, formatEuro } from '../../../domain/money';
import { countLabel } from '../../../domain/plural';
import {
  MAX_REJECT_REASON_LENGTH,
  parsePriceInput,
  type SellOrderStatus,
  sellTexts,
} from '../../../domain/secondary-market';
import { AuditLogButton } from '../../backoffice-audit';
import {
  cents,
  centsToInput,
  orderTitle,
  useApproveSellOrder,
  useRejectSellOrder,
} from '../../secondary-market';
import { type StaffSellOrder, useSellOrdersView } from '../api/use-sell-orders-view';
import { type SellOrderFilter, sellerName, sellOrderStatusText } from '../model/sell-order-row';

const FILTERS: { value: SellOrderFilter; label: string }[] = [
  { value: 'REQUESTED', label: 'Angefragt' },
  { value: 'LISTED', label: 'Im Angebot' },
  { value: 'SOLD', label: 'Verkauft' },
  { value: 'ALL', label: 'Alle' },
];

/** Text colours of the status, each at least 4.5:1 on the striped rows (Mantine's orange.9 is not). */
const STATUS_COLORS: Record<SellOrderStatus, string> = {
  REQUESTED: '#a34100',
  LISTED: 'grape.9',
  SOLD: 'teal.9',
  CANCELLED: 'gray.9',
  REJECTED: 'red.9',
};

export function SecondaryMarketTab() {
  const view = useSellOrdersView();
  const { orders } = view;
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Text c="dimmed" fz="sm">
          Verkaufsaufträge von Kundinnen und Kunden aus ihrem Depot. Freigegebene Aufträge erscheinen als
          eigenes Angebot mit dem Hinweis „Zweitmarkt“ unter den Top-Angeboten.
        </Text>
        <SegmentedControl
          aria-label="Status"
          value={view.filter}
          onChange={(value) => view.setFilter(value as SellOrderFilter)}
          data={FILTERS}
        />
      </Group>
      {orders.isPending ? (
        <Text c="dimmed">Verkaufsaufträge werden geladen …</Text>
      ) : orders.isError ? (
        <Alert color="red" role="alert">
          Die Verkaufsaufträge konnten nicht geladen werden.
        </Alert>
      ) : orders.data.length === 0 ? (
        <Text c="dimmed" data-testid="sell-orders-empty">
          Keine Verkaufsaufträge in dieser Ansicht.
        </Text>
      ) : (
        <SellOrdersTable orders={orders.data} onApprove={view.approve} onReject={view.reject} />
      )}
      {view.approving && <ApproveDialog order={view.approving} onClose={view.closeApproval} />}
      {view.rejecting && <RejectDialog order={view.rejecting} onClose={view.closeRejection} />}
    </Stack>
  );
}

interface RowActions {
  onApprove: (order: StaffSellOrder) => void;
  onReject: (order: StaffSellOrder) => void;
}

function SellOrdersTable({ orders, ...actions }: { orders: StaffSellOrder[] } & RowActions) {
  return (
    <Table.ScrollContainer minWidth={960}>
      <Table striped highlightOnHover verticalSpacing="xs" data-testid="sell-orders-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Nr.</Table.Th>
            <Table.Th>Verkäufer</Table.Th>
            <Table.Th>Wein</Table.Th>
            <Table.Th ta="right">Kisten</Table.Th>
            <Table.Th ta="right">Wunschpreis/Fl.</Table.Th>
            <Table.Th ta="right">VK/Fl. (Marge)</Table.Th>
            <Table.Th ta="right" style={{ whiteSpace: 'nowrap' }}>
              Erlös netto
            </Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>
              <VisuallyHidden>Aktionen</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {orders.map((order) => (
            <SellOrderRow key={order.id} order={order} {...actions} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

const NO_WRAP = { whiteSpace: 'nowrap' } as const;

function SellOrderRow({ order, ...actions }: { order: StaffSellOrder } & RowActions) {
  return (
    <Table.Tr data-testid="sell-order-row">
      <Table.Td>{order.id}</Table.Td>
      <Table.Td>
        <Text fz="sm">{sellerName(order.seller)}</Text>
        <Text fz="xs" c="dimmed">
          {order.seller.email}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text fz="sm" miw={160}>
          {orderTitle(order)}
        </Text>
        <Text fz="xs" c="dimmed">
          Lager-IDs: {order.storageIds || '–'}
        </Text>
      </Table.Td>
      <Table.Td ta="right" style={NO_WRAP}>
        <Text fz="sm">
          {order.cases} × {order.caskOf} Fl.
        </Text>
        {order.casesSold > 0 && (
          <Text fz="xs" c="dimmed">
            {order.casesSold} verkauft
          </Text>
        )}
      </Table.Td>
      <SellOrderPriceCells order={order} />
      <Table.Td style={NO_WRAP}>
        <Text fz="sm" fw={600} c={STATUS_COLORS[order.status]}>
          {sellOrderStatusText(order)}
        </Text>
        {order.rejectReason && (
          <Text fz="xs" c="dimmed" maw={200} style={{ whiteSpace: 'normal' }}>
            {order.rejectReason}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <SellOrderActions order={order} {...actions} />
      </Table.Td>
    </Table.Tr>
  );
}

/** Asking price, selling price with the margin, and the net proceeds (expected until sold). */
function SellOrderPriceCells({ order }: { order: StaffSellOrder }) {
  return (
    <>
      <Table.Td ta="right" style={NO_WRAP}>
        {formatEuro(cents(order.askPriceBtl))}
      </Table.Td>
      <Table.Td ta="right" style={NO_WRAP}>
        {order.sellPriceBtl ? formatEuro(cents(order.sellPriceBtl)) : '–'}
        {order.marginBtl && (
          <Text fz="xs" c="dimmed">
            Marge {formatEuro(cents(order.marginBtl))}
          </Text>
        )}
      </Table.Td>
      <Table.Td ta="right" style={NO_WRAP}>
        {order.proceedsNet ? (
          formatEuro(cents(order.proceedsNet))
        ) : (
          <>
            {formatEuro(cents(order.expectedProceedsNet))}
            <Text fz="xs" c="dimmed">
              erwartet
            </Text>
          </>
        )}
      </Table.Td>
    </>
  );
}

function SellOrderActions({ order, onApprove, onReject }: { order: StaffSellOrder } & RowActions) {
  return (
    <Stack gap={4} align="stretch">
      {order.status === 'REQUESTED' && (
        <>
          <Button size="compact-sm" onClick={() => onApprove(order)}>
            Freigeben
          </Button>
          <Button size="compact-sm" variant="default" color="red" onClick={() => onReject(order)}>
            Ablehnen
          </Button>
        </>
      )}
      {order.settlementPdfUrl && (
        <Anchor href={order.settlementPdfUrl} target="_blank" rel="noopener" fz="sm" ta="center">
          Abrechnung
        </Anchor>
      )}
      <AuditLogButton entity="sell_order" entityId={order.id} label={`Verkaufsauftrag ${order.id}`} />
    </Stack>
  );
}

function ApproveDialog({ order, onClose }: { order: StaffSellOrder; onClose: () => void }) {
  const approve = useApproveSellOrder();
  const [price, setPrice] = useState(centsToInput(cents(order.askPriceBtl)));
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [reasonError, setReasonError] = useState<string | null>(null);
  const priceCents = parsePriceInput(price);
  const askCents = cents(order.askPriceBtl);
  const margin = priceCents === null ? null : priceCents - askCents;
  const belowAsk = priceCents !== null && priceCents < askCents;
  const submit = async () => {
    if (priceCents === null) return;
    if (belowAsk && !reason.trim()) return setReasonError(sellTexts.belowAskReasonMissing);
    setError(null);
    setReasonError(null);
    try {
      const result = await approve.mutateAsync({
        sellOrderId: order.id,
        sellPriceBtl: centsToDecimal(priceCents),
        reason: belowAsk ? reason.trim() : null,
      });
      if (!result.success) {
        const refusal = result.errors[0];
        if (refusal?.field === 'reason') return setReasonError(refusal.message);
        return setError(refusal?.message ?? 'Die Freigabe ist fehlgeschlagen.');
      }
      showSuccessNotice(`Verkaufsauftrag ${order.id} ist jetzt im Angebot.`);
      onClose();
    } catch {
      setError('Die Freigabe ist fehlgeschlagen. Bitte versuchen Sie es erneut.');
    }
  };
  return (
    <Modal opened onClose={onClose} title={`Verkaufsauftrag ${order.id} freigeben`} size="lg">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack gap="md">
          <Text fz="sm">
            {countLabel(order.cases, 'Kiste')} {orderTitle(order)} von {order.seller.firstName}{' '}
            {order.seller.lastName}. Wunschpreis der Kundin oder des Kunden: {formatEuro(askCents)} je
            Flasche.
          </Text>
          <PriceComparison order={order} />
          <TextInput
            label="Verkaufspreis je Flasche für Käufer (€)"
            inputMode="decimal"
            value={price}
            onChange={(event) => setPrice(event.currentTarget.value)}
            error={priceCents === null ? sellTexts.priceInvalid : null}
            description={margin === null ? undefined : `Marge je Flasche: ${formatEuro(margin)}`}
            data-autofocus
          />
          {belowAsk && (
            <Textarea
              label="Grund für den Preis unter dem Wunschpreis (Änderungsprotokoll)"
              description="Das Haus trägt die Differenz; die Kundin oder der Kunde erhält den Erlös zum Wunschpreis."
              value={reason}
              onChange={(event) => {
                setReason(event.currentTarget.value);
                setReasonError(null);
              }}
              maxLength={MAX_REJECT_REASON_LENGTH}
              autosize
              minRows={2}
              withAsterisk
              error={reasonError}
            />
          )}
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Abbrechen
            </Button>
            <Button type="submit" disabled={priceCents === null} loading={approve.isPending}>
              Als Angebot listen
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** What the price is measured against: market value, the house's own offer, earlier Zweitmarkt prices. */
function PriceComparison({ order }: { order: StaffSellOrder }) {
  const rows: [string, string][] = [
    [
      'Marktwert je Flasche',
      order.marketValue
        ? `${formatEuro(cents(order.marketValue.valueBtl))} (${marketValueBasis(order.marketValue.source, order.marketValue.date)})`
        : 'Keine Marktbewertung vorhanden',
    ],
    [
      'Eigenes Angebot je Flasche',
      order.houseOffer
        ? `${formatEuro(cents(order.houseOffer.priceBtl))} (${countLabel(order.houseOffer.availableCases, 'Kiste')} verfügbar)`
        : 'Kein eigenes Angebot dieses Jahrgangs in dieser Flaschengröße',
    ],
  ];
  return (
    <Stack gap={4} data-testid="approve-price-comparison">
      <Table withRowBorders={false} verticalSpacing={2} fz="sm">
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th scope="row" fw={500} w="40%">
                {label}
              </Table.Th>
              <Table.Td>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text fz="sm" fw={500}>
        Letzte Zweitmarkt-Preise
      </Text>
      {order.recentResalePrices.length === 0 ? (
        <Text fz="sm" c="dimmed">
          Noch keine Zweitmarkt-Verkäufe dieses Jahrgangs in dieser Flaschengröße.
        </Text>
      ) : (
        <Table withRowBorders={false} verticalSpacing={2} fz="sm" aria-label="Letzte Zweitmarkt-Preise">
          <Table.Tbody>
            {order.recentResalePrices.map((resale) => (
              <Table.Tr key={resale.sellOrderId}>
                <Table.Td>
                  {formatDate(resale.soldAt ?? resale.listedAt)} · {resale.soldAt ? 'verkauft' : 'im Angebot'}{' '}
                  · {countLabel(resale.cases, 'Kiste')}
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {formatEuro(cents(resale.sellPriceBtl))} je Flasche
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

function RejectDialog({ order, onClose }: { order: StaffSellOrder; onClose: () => void }) {
  const reject = useRejectSellOrder();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    if (!reason.trim()) return setError(sellTexts.reasonMissing);
    setError(null);
    try {
      const result = await reject.mutateAsync({ sellOrderId: order.id, reason });
      if (!result.success) return setError(result.errors[0]?.message ?? 'Die Ablehnung ist fehlgeschlagen.');
      showSuccessNotice(`Verkaufsauftrag ${order.id} wurde abgelehnt; der Kunde erhält eine E-Mail.`);
      onClose();
    } catch {
      setError('Die Ablehnung ist fehlgeschlagen. Bitte versuchen Sie es erneut.');
    }
  };
  return (
    <Modal opened onClose={onClose} title={`Verkaufsauftrag ${order.id} ablehnen`}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack gap="md">
          <Textarea
            label="Grund (geht per E-Mail an den Kunden)"
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            maxLength={MAX_REJECT_REASON_LENGTH}
            autosize
            minRows={3}
            error={error}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Abbrechen
            </Button>
            <Button type="submit" color="red" loading={reject.isPending}>
              Ablehnen
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
