import { notifications } from '@mantine/notifications';

/**
 * Runs a change and shows its saved text; answers whether it was saved. A refusal or a failed
 * request is notified by the query client ("Nicht gespeichert" with the server's reasons).
 */
export async function reportChange(change: Promise<unknown>, savedText: string): Promise<boolean> {
  try {
    await change;
  } catch {
    return false;
  }
  notifications.show({ message: savedText, color: 'teal', autoClose: 4000 });
  return true;
}
