import { notifications } from '@mantine/notifications';
import { QuoteRefusal } from '../../../queries/backoffice-quotes';

/** Shows a saved change briefly. */
export function reportSaved(message: string): void {
  notifications.show({ message, color: 'teal', autoClose: 4000 });
}

/** Shows why a change was not saved: the server's reasons, or a connection problem. */
export function reportRefusal(error: unknown): void {
  notifications.show({
    title: 'Nicht gespeichert',
    message:
      error instanceof QuoteRefusal
        ? error.message
        : 'Die Änderung konnte nicht gespeichert werden. Bitte versuchen Sie es erneut.',
    color: 'red',
    autoClose: 7000,
  });
}
