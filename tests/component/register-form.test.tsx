import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { VALIDATION_MESSAGES } from '../../src/domain/entry-validation';
import { ENTRY_MESSAGES } from '../../src/features/entry/model/entry-messages';
import { RegisterForm } from '../../src/features/entry/ui/RegisterForm';
import { type GraphQLHandler, renderWithApp } from './support/render';

type Reason = { message: string; code: string; field: string | null };

/** Registers the new client, or refuses with `refusal`. */
function server(refusal?: Reason): GraphQLHandler {
  return ({ operationName }) =>
    operationName === 'Register'
      ? { register: refusal ? { success: false, errors: [refusal] } : { success: true, errors: [] } }
      : {};
}

const field = (label: string) => screen.getByLabelText(label, { selector: 'input' }) as HTMLInputElement;
const registerButton = () => screen.getByRole('button', { name: 'Registrieren' }) as HTMLButtonElement;

async function fillIn(user: ReturnType<typeof renderWithApp>['user']) {
  await user.type(field('E-Mail'), 'Erika@Beispiel.de');
  await user.type(field('Passwort'), 'Weindepot2026!');
  await user.type(field('Passwort wiederholen'), 'Weindepot2026!');
  await user.click(screen.getByRole('radio', { name: 'Frau' }));
  await user.type(field('Vorname'), 'Erika');
  await user.type(field('Nachname'), 'Mustermann');
  await user.click(screen.getByRole('checkbox', { name: /älter als 18 Jahre/ }));
  await user.click(screen.getByRole('checkbox', { name: /AGB/ }));
  await user.click(screen.getByRole('checkbox', { name: /Datenschutzrichtlinien/ }));
}

describe('Registrierung', () => {
  it('names a field once the visitor has been in it, and keeps "Registrieren" off until all hold', async () => {
    const { user, requests } = renderWithApp(<RegisterForm />, { graphql: server(), route: '/register' });
    expect(screen.queryByText(VALIDATION_MESSAGES.firstName)).toBeNull();
    await user.click(field('Vorname'));
    expect(screen.queryByText(VALIDATION_MESSAGES.firstName)).toBeNull();
    await user.click(field('Nachname'));
    expect(screen.getByText(VALIDATION_MESSAGES.firstName)).toBeTruthy();
    expect(field('Vorname').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByText(VALIDATION_MESSAGES.lastName)).toBeNull();

    await user.type(field('Passwort'), 'kurz');
    expect(screen.getByText(VALIDATION_MESSAGES.passwordLength)).toBeTruthy();
    expect(screen.getByText(VALIDATION_MESSAGES.passwordDigit)).toBeTruthy();
    await user.click(screen.getByRole('checkbox', { name: /AGB/ }));
    await user.click(screen.getByRole('checkbox', { name: /AGB/ }));
    await user.tab();
    expect(screen.getByText(VALIDATION_MESSAGES.termsAccepted)).toBeTruthy();
    expect(registerButton().disabled).toBe(true);
    expect(requests.some((request) => request.operationName === 'Register')).toBe(false);
  });

  it('registers the filled-in client and sends the visitor to the login with the notice', async () => {
    const { user, requests, router } = renderWithApp(<RegisterForm />, {
      graphql: server(),
      route: '/register',
    });
    await fillIn(user);
    expect(registerButton().disabled).toBe(false);
    await user.click(registerButton());

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByText(ENTRY_MESSAGES.registrationSuccess)).toBeTruthy();
    expect(
      requests.filter((request) => request.operationName === 'Register').map((request) => request.variables),
    ).toEqual([
      {
        email: 'erika@beispiel.de',
        password: 'Weindepot2026!',
        passwordRepeat: 'Weindepot2026!',
        salutation: 'Frau',
        firstName: 'Erika',
        lastName: 'Mustermann',
        newsletter: false,
      },
    ]);
  });

  it('says that the address is registered already, in the notice and under the e-mail field', async () => {
    const { user, router } = renderWithApp(<RegisterForm />, {
      graphql: server({
        message: ENTRY_MESSAGES.emailAlreadyRegistered,
        code: 'EMAIL_ALREADY_REGISTERED',
        field: 'email',
      }),
      route: '/register',
    });
    await fillIn(user);
    await user.click(registerButton());

    await waitFor(() => expect(screen.getAllByText(ENTRY_MESSAGES.emailAlreadyRegistered)).toHaveLength(2));
    expect(field('E-Mail').getAttribute('aria-invalid')).toBe('true');
    expect(field('Vorname').value).toBe('Erika');
    expect(router.state.location.pathname).toBe('/register');
  });
});
