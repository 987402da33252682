import { Button, type ButtonProps } from '@mantine/core';
import { Suspense, useState } from 'react';
import { OpenAfterMount } from '../../../components/lazy-component';
import type { OrderListOffer } from '../../order-list';
import { type AddedToastPlacement, AddToOrderListDialog } from '../../order-list';

export interface OrderListActionProps extends Pick<ButtonProps, 'size' | 'fullWidth' | 'variant'> {
  offer: OrderListOffer;
  /** Cases the dialog starts with (the amount picked on the offer page) @default 1 */
  initialAmount?: number;
  /** Disabled (grey, half opaque) when no case is available. */
  disabled?: boolean;
  /** Button text; default "Auf Orderliste setzen". */
  label?: string;
  /** Placement of the "Hinzugefügt" toast (the offer page: 7000 ms, top right). */
  toast?: AddedToastPlacement;
}

/** "Auf Orderliste setzen": opens the add-to-order-list dialog for the offer. */
export function OrderListAction({
  offer,
  initialAmount,
  disabled = false,
  label = 'Auf Orderliste setzen',
  toast,
  ...buttonProps
}: OrderListActionProps) {
  const [opened, setOpened] = useState(false);
  // Each opening mounts a fresh dialog (it starts again at the initial amount); it stays mounted
  // after closing, and opens one render after mounting, so Mantine gives the focus back. Its
  // code arrives with the first opening.
  const [openings, setOpenings] = useState(0);
  return (
    <>
      <Button
        {...buttonProps}
        disabled={disabled}
        onClick={() => {
          setOpenings((count) => count + 1);
          setOpened(true);
        }}
        styles={disabled ? { root: { opacity: 0.5 } } : undefined}
      >
        {label}
      </Button>
      {openings > 0 && (
        <Suspense fallback={null}>
          <OpenAfterMount key={openings} opened={opened}>
            {(shown) => (
              <AddToOrderListDialog
                offer={offer}
                initialAmount={initialAmount}
                opened={shown}
                onClose={() => setOpened(false)}
                toast={toast}
              />
            )}
          </OpenAfterMount>
        </Suspense>
      )}
    </>
  );
}
