import { Button, type ButtonProps } from '@mantine/core';
import { useState } from 'react';
import { type AddedToastPlacement, AddToOrderListDialog } from '../order-list/AddToOrderListDialog';

export interface OrderListActionProps extends Pick<ButtonProps, 'size' | 'fullWidth' | 'variant'> {
  offer: { id: number; title: string };
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
  disabled = false,
  label = 'Auf Orderliste setzen',
  toast,
  ...buttonProps
}: OrderListActionProps) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        {...buttonProps}
        disabled={disabled}
        onClick={() => setOpened(true)}
        styles={disabled ? { root: { opacity: 0.5 } } : undefined}
      >
        {label}
      </Button>
      {opened && (
        <AddToOrderListDialog offer={offer} opened={opened} onClose={() => setOpened(false)} toast={toast} />
      )}
    </>
  );
}
