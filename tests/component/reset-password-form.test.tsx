import { screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { VALIDATION_MESSAGES } from '../../src/domain/entry-validation';
import { ResetPasswordForm } from '../../src/features/entry/ui/ResetPasswordForm';
import { type GraphQLHandler, renderWithApp } from './support/render';

type Reason = { message: string; code: string; field: string | null };

/** Sets the new password, or refuses it with `refusal`. */
function server(refusal?: Reason): GraphQLHandler {
  return ({ operationName }) =>
    operationName === 'ResetPassword'
      ? { resetPassword: refusal ? { success: false, errors: [refusal] } : { success: true, errors: [] } }
      : {};
}

const route = '/set-password/token-from-the-mail';
/** The form as the router shows it: the token is the route's. */
const screenOfTheLink = (
  <Routes>
    <Route path="/set-password/:token" element={<ResetPasswordForm />} />
  </Routes>
);
const field = (label: string) => screen.getByLabelText(label, { selector: 'input' }) as HTMLInputElement;
const save = () => screen.getByRole('button', { name: 'Passwort speichern' }) as HTMLButtonElement;

describe('Neues Passwort festlegen', () => {
  afterEach(() => vi.restoreAllMocks());

  it('names every broken password rule and a different repeat as they are typed, and saves nothing', async () => {
    const { user, requests } = renderWithApp(screenOfTheLink, { graphql: server(), route });
    await user.type(field('E-Mail'), 'anna@example.com');
    await user.type(field('Neues Passwort'), 'kurz');
    expect(screen.getByText(VALIDATION_MESSAGES.passwordLength)).toBeTruthy();
    expect(screen.getByText(VALIDATION_MESSAGES.passwordUppercase)).toBeTruthy();
    expect(screen.getByText(VALIDATION_MESSAGES.passwordDigit)).toBeTruthy();
    expect(screen.queryByText(VALIDATION_MESSAGES.passwordRepeat)).toBeNull();

    await user.type(field('Neues Passwort wiederholen'), 'kurz!');
    expect(screen.getByText(VALIDATION_MESSAGES.passwordRepeat)).toBeTruthy();
    expect(save().disabled).toBe(true);
    await user.type(field('Neues Passwort wiederholen'), '{Enter}');
    expect(requests.some((request) => request.operationName === 'ResetPassword')).toBe(false);
  });

  it('saves the new password with the token of the link, then loads the login', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    const { user, requests } = renderWithApp(screenOfTheLink, { graphql: server(), route });
    await user.type(field('E-Mail'), 'Anna@Example.com');
    await user.type(field('Neues Passwort'), 'Neuesdepot2027!');
    await user.type(field('Neues Passwort wiederholen'), 'Neuesdepot2027!');
    expect(screen.queryByText(VALIDATION_MESSAGES.passwordRepeat)).toBeNull();
    await user.click(save());

    await waitFor(() => expect(assign).toHaveBeenCalledWith('/login'));
    expect(
      requests
        .filter((request) => request.operationName === 'ResetPassword')
        .map((request) => request.variables),
    ).toEqual([
      { email: 'anna@example.com', newPassword: 'Neuesdepot2027!', postedToken: 'token-from-the-mail' },
    ]);
  });

  it('shows a refused address in the notice and under the e-mail field until it is changed', async () => {
    const reason = 'Bitte überprüfen Sie die angegebene Email-Adresse.';
    const { user } = renderWithApp(screenOfTheLink, {
      graphql: server({ message: reason, code: 'INVALID_TOKEN', field: 'email' }),
      route,
    });
    await user.type(field('E-Mail'), 'bernd@example.com');
    await user.type(field('Neues Passwort'), 'Neuesdepot2027!');
    await user.type(field('Neues Passwort wiederholen'), 'Neuesdepot2027!');
    await user.click(save());

    await waitFor(() => expect(screen.getAllByText(reason)).toHaveLength(2));
    expect(field('E-Mail').getAttribute('aria-invalid')).toBe('true');
    await user.type(field('E-Mail'), 'x');
    expect(field('E-Mail').getAttribute('aria-invalid')).not.toBe('true');
  });
});
