import { Button, Center, Grid, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { depotKeys } from '../../../api/depot-keys';
import { refreshOrderState } from '../../../api/order-keys';
import { LoadFailedAlert } from '../../../components/LoadFailedAlert';
import { QueryFailure } from '../../../components/offline/OfflineUnavailable';
import { useOnline } from '../../../components/offline/use-online';
import { deviceStorage } from '../../../db/device-storage';
import { forgetPersistedQueries } from '../../../db/query-cache';
import { stageIs } from '../../../domain/invoice-stages';
import { ORDER_LIST_BLOCKED_TEXT, ORDER_LIST_EMPTY } from '../../../domain/order-list-texts';
import { useOrderListView } from '../api/order-list-view';
import {
  type OrderListData,
  orderKeys,
  useCreateInvoice,
  useInvoiceStage,
  useMarkPaymentThanksSeen,
  useUnseenPaymentThanks,
} from '../api/orders';
import { BillingData } from './BillingData';
import { BindingOrderDialog } from './BindingOrderDialog';
import { CostSummaryCard } from './CostSummaryCard';
import {
  CancelledPanel,
  CheckDonePanel,
  CheckNeededPanel,
  PaymentFailedPanel,
  WaitingForPaymentPanel,
} from './InvoicePanels';
import { OrderPositionRow } from './OrderPositionRow';
import { PaidDialog } from './PaidDialog';
import { PendingChanges } from './PendingChanges';
import { usePayRedirect } from './use-pay-redirect';
import { readWatchedPayment, writeWatchedPayment } from './watched-payment';

/**
 * Watches the invoice whose payment is open (or was started on this device before); once it is
 * paid, the thank-you dialog shows until the client closes it, which the server remembers.
 */
function usePaymentWatch(openInvoiceId: number | null) {
  const queryClient = useQueryClient();
  const [watched, setWatched] = useState<number | null>(() => readWatchedPayment(deviceStorage(window)));
  const thanks = useUnseenPaymentThanks();
  const markSeen = useMarkPaymentThanksSeen();
  const stage = useInvoiceStage(watched);
  const current = stage.data?.stage ?? null;

  useEffect(() => {
    if (openInvoiceId === null) return;
    setWatched(openInvoiceId);
    writeWatchedPayment(deviceStorage(window), openInvoiceId);
  }, [openInvoiceId]);

  useEffect(() => {
    // Not (or no longer) an invoice of the signed-in client.
    if (stage.isSuccess && stage.data === null) {
      writeWatchedPayment(deviceStorage(window), null);
      setWatched(null);
    }
  }, [stage.isSuccess, stage.data]);

  useEffect(() => {
    if (!current) return;
    void refreshOrderState(queryClient);
    if (stageIs(current, 'paid')) {
      // The depot and the paid invoices now hold the purchase.
      void queryClient.invalidateQueries({ queryKey: depotKeys.all });
      // Only with the server's answer in reach: offline, a stage restored from the device must
      // not delete the depot kept there (it is the only copy until the connection returns).
      if (navigator.onLine) void forgetPersistedQueries(depotKeys.all).catch(() => undefined);
      void queryClient.invalidateQueries({ queryKey: orderKeys.invoices('paid') });
      void queryClient.invalidateQueries({ queryKey: orderKeys.paymentThanks() });
      writeWatchedPayment(deviceStorage(window), null);
    }
  }, [current, queryClient]);

  const unseen = thanks.data ?? null;
  return {
    paid: unseen !== null,
    dismiss: () => {
      setWatched(null);
      writeWatchedPayment(deviceStorage(window), null);
      if (unseen) markSeen.mutate(unseen.id);
    },
  };
}

/** The sums, the billing data and the binding order beside the positions. */
function OrderColumn({
  data,
  sums,
  canOrder,
  onOrder,
}: {
  data: OrderListData;
  sums: OrderListData['orderListSums'];
  canOrder: boolean;
  onOrder: () => void;
}) {
  const online = useOnline();
  const me = data.me;
  return (
    <Stack>
      <CostSummaryCard sums={sums} />
      {me ? <BillingData person={me} /> : null}
      <Button size="md" onClick={onOrder} disabled={!canOrder || me?.blockedByOrderCheck === true}>
        Verbindlich bestellen
      </Button>
      {online ? null : (
        <Text size="xs" c="dimmed">
          Für die Bestellung ist eine Internetverbindung nötig.
        </Text>
      )}
    </Stack>
  );
}

/** `/admin/orderlist`: positions, sums, billing data, binding order and the invoice stages. */
export function OrderListScreen() {
  useDocumentTitle('Mein Orderbuch – Weindepot');
  const view = useOrderListView();
  const createInvoice = useCreateInvoice();
  const redirect = usePayRedirect();
  const online = useOnline();
  const [binding, setBinding] = useState(false);
  const watch = usePaymentWatch(view.openPayment?.id ?? null);

  if (view.list.isPending) {
    return (
      <Center mih="50vh" role="status" aria-label="Wird geladen">
        <Loader />
      </Center>
    );
  }
  if (view.list.isError || !view.data) {
    return (
      <QueryFailure>
        <LoadFailedAlert
          title="Die Orderliste konnte nicht geladen werden."
          retryLabel="Erneut versuchen"
          onRetry={view.list.refetch}
        />
      </QueryFailure>
    );
  }

  const { data, rows, sums, canPay, content, outbox } = view;
  const payProps = (invoiceId: number) => ({
    canPay,
    online,
    pending: redirect.pending && redirect.invoiceId === invoiceId,
    hostedUrl: redirect.invoiceId === invoiceId ? redirect.hostedUrl : null,
    onPay: () => redirect.pay(invoiceId),
  });

  return (
    <Stack gap="lg">
      <Title order={1}>Mein Orderbuch</Title>
      <PendingChanges queue={outbox} />

      {data.check_needed.map((invoice) => (
        <CheckNeededPanel key={invoice.id} invoice={invoice} />
      ))}
      {data.check_done.map((invoice) => (
        <CheckDonePanel key={invoice.id} invoice={invoice} {...payProps(invoice.id)} />
      ))}
      {data.waiting_for_payment.map((invoice) => (
        <WaitingForPaymentPanel key={invoice.id} invoice={invoice} {...payProps(invoice.id)} />
      ))}
      {data.payment_failed.map((invoice) => (
        <PaymentFailedPanel key={invoice.id} invoice={invoice} {...payProps(invoice.id)} />
      ))}
      {/* Absent in an order list cached on this device before cancellations existed. */}
      {(data.cancelled ?? []).map((invoice) => (
        <CancelledPanel key={invoice.id} invoice={invoice} />
      ))}

      {content === 'blocked' ? (
        // The open order is the page's content; while it is checked or unpaid nothing can be added.
        <Text c="dimmed" data-testid="order-list-blocked">
          {ORDER_LIST_BLOCKED_TEXT}
        </Text>
      ) : content === 'empty' ? (
        <Paper withBorder p="xl">
          <Stack align="flex-start">
            <Text>{ORDER_LIST_EMPTY}</Text>
            <Button component={Link} to="/admin/weinangebot" variant="light">
              Zu den Top Angeboten
            </Button>
          </Stack>
        </Paper>
      ) : content === 'positions' ? (
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Stack>
              {rows.map((row) => (
                <OrderPositionRow
                  key={row.position.id}
                  position={row.position}
                  mode={row.editable ? 'order-list' : 'display'}
                  waiting={row.waiting}
                  conditionReportLater={row.conditionReportLater}
                  onChange={row.change}
                  onRemove={row.remove}
                />
              ))}
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <OrderColumn
              data={data}
              sums={sums}
              canOrder={canPay && online}
              onOrder={() => setBinding(true)}
            />
          </Grid.Col>
        </Grid>
      ) : null}

      <BindingOrderDialog
        opened={binding}
        pending={createInvoice.isPending}
        onClose={() => setBinding(false)}
        onConfirm={() => createInvoice.mutate(undefined, { onSettled: () => setBinding(false) })}
      />
      <PaidDialog opened={watch.paid} onClose={watch.dismiss} />
    </Stack>
  );
}
