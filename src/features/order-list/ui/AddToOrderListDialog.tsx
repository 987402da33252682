import { Button, Group, Modal, NumberInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { type NoticeOptions, showSuccessNotice } from '../../../components/feedback/success-notice';
import { applyRefusalToShown } from '../../../components/forms/apply-refusal';
import {
  MAX_ORDER_CASES,
  MIN_ORDER_CASES,
  orderAmountMessage,
  orderAmountProblem,
} from '../../../domain/order-costs';
import {
  ORDER_ADD_QUEUED_TITLE,
  ORDER_LIST_BLOCKED_TEXT,
  ORDER_LIST_PATH,
  orderAddQueuedText,
} from '../../../domain/order-list-texts';
import {
  MutationRefused,
  ORDER_LIST_BLOCKED,
  useCreateOrderPosition,
  useOrderListBlocked,
} from '../api/orders';
import type { OrderListOffer } from '../api/queued-positions';

/** Spec client-area section 9: the add toast shows 3000 ms; on the offer page 7000 ms top-right. */
export type AddedToastPlacement = 'default' | 'offer-page';

const ADDED_TOAST: Record<AddedToastPlacement, Pick<NoticeOptions, 'autoClose' | 'position'>> = {
  default: { autoClose: 3000 },
  'offer-page': { autoClose: 7000, position: 'top-right' },
};

interface AmountValues {
  /** Cases as the number field holds them ('' while emptied). */
  amount: number | string;
}

/** The amount's rule: 1 to 100 whole cases. */
function amountError(amount: number | string): string | null {
  const problem = orderAmountProblem(typeof amount === 'number' ? amount : Number.NaN);
  return problem ? orderAmountMessage(problem) : null;
}

export interface AddToOrderListDialogProps {
  /**
   * The offer to add; `title` is the vintage title shown in the toast "Hinzugefügt: {title}",
   * `queued` what the order list shows while the add waits offline.
   */
  offer: OrderListOffer;
  /** Cases the amount field starts with, e.g. the amount picked on the offer page @default 1 */
  initialAmount?: number;
  /** Whether the dialog is shown. */
  opened: boolean;
  /** Called when the dialog closes (cancel, success, "Zurück"). */
  onClose: () => void;
  /** Where the dialog is opened from; the offer page shows the toast longer, top right. */
  toast?: AddedToastPlacement;
}

/**
 * The add-to-order-list dialog: case amount 1–100 (starting at `initialAmount`, default 1); on success a toast
 * "Hinzugefügt: {title}" and the order list; offline the add waits on the device, which the toast
 * says instead. While the order list is blocked (a request is being
 * checked or a payment is pending) it shows the blocked text with "Zur Bestellung" and "Zurück".
 */
export function AddToOrderListDialog({
  offer,
  initialAmount = 1,
  opened,
  onClose,
  toast = 'default',
}: AddToOrderListDialogProps) {
  const navigate = useNavigate();
  const form = useForm<AmountValues>({
    initialValues: { amount: initialAmount },
    validate: { amount: amountError },
  });
  const { amount } = form.values;
  const [refusedAsBlocked, setRefusedAsBlocked] = useState(false);
  const blocked = useOrderListBlocked(opened);
  const create = useCreateOrderPosition();

  useEffect(() => {
    if (!opened) return;
    form.setInitialValues({ amount: initialAmount });
    form.reset();
    setRefusedAsBlocked(false);
  }, [opened, initialAmount, form.setInitialValues, form.reset]);

  const showBlocked = refusedAsBlocked || blocked.data === true;

  const submit = ({ amount: cases }: AmountValues) => {
    if (typeof cases !== 'number') return;
    create.mutate(
      { offerId: offer.id, amount: cases, title: offer.title, offer: offer.queued },
      {
        onSuccess: (outcome) => {
          if (outcome === 'queued') {
            notifications.show({
              title: ORDER_ADD_QUEUED_TITLE,
              message: orderAddQueuedText(offer.title),
              color: 'yellow',
              ...ADDED_TOAST[toast],
            });
          } else {
            showSuccessNotice(`Hinzugefügt: ${offer.title}`, ADDED_TOAST[toast]);
          }
          onClose();
          navigate(ORDER_LIST_PATH);
        },
        // Notified by the query client (`orderErrorMeta` of the mutation); a refused amount is shown
        // under the field as well.
        onError: (error) => {
          if (!(error instanceof MutationRefused)) return;
          if (error.code === ORDER_LIST_BLOCKED) setRefusedAsBlocked(true);
          else applyRefusalToShown(form, error, ['amount']);
        },
      },
    );
  };

  if (showBlocked) {
    return (
      <Modal opened={opened} onClose={onClose} title="Orderliste gesperrt" centered>
        <Stack>
          <Text>{ORDER_LIST_BLOCKED_TEXT}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Zurück
            </Button>
            <Button
              onClick={() => {
                onClose();
                navigate(`${ORDER_LIST_PATH}/`);
              }}
            >
              Zur Bestellung
            </Button>
          </Group>
        </Stack>
      </Modal>
    );
  }

  return (
    <Modal opened={opened} onClose={onClose} title="Auf Orderliste setzen" centered>
      <form onSubmit={form.onSubmit(submit)}>
        <Stack>
          <Text fw={600}>{offer.title}</Text>
          <NumberInput
            label="Anzahl Kisten"
            min={MIN_ORDER_CASES}
            max={MAX_ORDER_CASES}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="strict"
            {...form.getInputProps('amount', { withFocus: false })}
            // An emptied field says nothing yet; "Hinzufügen" is off until it holds an amount.
            error={form.errors.amount ?? (amount === '' ? undefined : amountError(amount))}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Zurück
            </Button>
            <Button type="submit" loading={create.isPending} disabled={!form.isValid()}>
              Hinzufügen
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
