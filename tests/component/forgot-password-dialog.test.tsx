import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { VALIDATION_MESSAGES } from '../../src/domain/entry-validation';
import { ENTRY_MESSAGES } from '../../src/features/entry/model/entry-messages';
import { ForgotPasswordDialog } from '../../src/features/entry/ui/ForgotPasswordDialog';
import { type GraphQLHandler, renderWithApp } from './support/render';

/** The reset request is always answered alike (nobody learns who is a client). */
const server: GraphQLHandler = ({ operationName }) =>
  operationName === 'SendPasswordResetHash' ? { sendPasswordResetHash: { success: true, errors: [] } } : {};

/** The dialog's check waits 2 seconds after typing stops. */
const AFTER_THE_CHECK = { timeout: 3000 };

describe('Dialog "Passwort vergessen"', () => {
  it('names an invalid address 2 seconds after typing stops and sends nothing', async () => {
    const { user, requests } = renderWithApp(
      <ForgotPasswordDialog opened onClose={() => {}} initialEmail="" />,
      { graphql: server },
    );
    const dialog = await screen.findByRole('dialog', { name: 'Passwort vergessen' });
    const email = within(dialog).getByLabelText('E-Mail');
    await user.type(email, 'anna@beispiel');
    expect(within(dialog).queryByText(VALIDATION_MESSAGES.email)).toBeNull();

    expect(await within(dialog).findByText(VALIDATION_MESSAGES.email, {}, AFTER_THE_CHECK)).toBeTruthy();
    expect(email.getAttribute('aria-invalid')).toBe('true');
    const send = within(dialog).getByRole('button', { name: 'Link anfordern' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    await user.type(email, '{Enter}');
    expect(requests.some((request) => request.operationName === 'SendPasswordResetHash')).toBe(false);
  });

  it('starts with the login’s address, sends it lower-cased and says where the link went', async () => {
    let closed = 0;
    const { user, requests } = renderWithApp(
      <ForgotPasswordDialog opened onClose={() => closed++} initialEmail="Anna@Example.com" />,
      { graphql: server },
    );
    const dialog = await screen.findByRole('dialog', { name: 'Passwort vergessen' });
    expect((within(dialog).getByLabelText('E-Mail') as HTMLInputElement).value).toBe('Anna@Example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Link anfordern' }));

    expect(await screen.findByText(ENTRY_MESSAGES.resetRequestSuccess)).toBeTruthy();
    await waitFor(() => expect(closed).toBe(1));
    expect(
      requests
        .filter((request) => request.operationName === 'SendPasswordResetHash')
        .map((request) => request.variables),
    ).toEqual([{ email: 'anna@example.com' }]);
  });
});
