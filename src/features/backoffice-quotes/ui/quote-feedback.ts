import { notifications } from '@mantine/notifications';

/** Shows a saved change briefly. */
export function reportSaved(message: string): void {
  notifications.show({ message, color: 'teal', autoClose: 4000 });
}
