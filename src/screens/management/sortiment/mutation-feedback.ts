import { notifications } from '@mantine/notifications';

interface MutationAnswer {
  success: boolean;
  errors: { message: string }[];
}

/** Shows the outcome of a change: the server's German reasons on refusal; true when saved. */
export function reportChange(answer: MutationAnswer, savedText: string): boolean {
  if (answer.success) {
    notifications.show({ message: savedText, color: 'teal', autoClose: 4000 });
    return true;
  }
  notifications.show({
    title: 'Nicht gespeichert',
    message: answer.errors.map((error) => error.message).join(' '),
    color: 'red',
    autoClose: 7000,
  });
  return false;
}

/** A request that failed on the way (network, server): nothing was changed. */
export function reportFailure(): false {
  notifications.show({
    title: 'Nicht gespeichert',
    message: 'Die Änderung konnte nicht gespeichert werden. Bitte versuchen Sie es erneut.',
    color: 'red',
    autoClose: 7000,
  });
  return false;
}
