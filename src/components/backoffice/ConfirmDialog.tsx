import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A confirmation before a back-office change is saved: "Abbrechen" aborts (the caller restores
 * the old value), the confirm button runs the change. Above other dialogs (e.g. the quote modal).
 */
export function ConfirmDialog({
  opened,
  title,
  children,
  confirmLabel = 'Speichern',
  confirmColor,
  loading = false,
  onConfirm,
  onCancel,
}: {
  opened: boolean;
  title: string;
  /** What will change, in words. */
  children: ReactNode;
  /** Text of the confirm button; default "Speichern". */
  confirmLabel?: string;
  /** Colour of the confirm button, e.g. "red" for a deletion; default the theme's. */
  confirmColor?: string;
  /** While the change is being saved; default false. */
  loading?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Modal opened={opened} onClose={loading ? () => {} : onCancel} title={title} centered zIndex={400}>
      <Stack gap="md">
        {typeof children === 'string' ? <Text>{children}</Text> : children}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={loading}>
            Abbrechen
          </Button>
          <Button color={confirmColor} onClick={onConfirm} loading={loading}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
