import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ENTRY_MESSAGES } from '../../src/features/entry/model/entry-messages';
import { LoginForm } from '../../src/features/entry/ui/LoginForm';
import { clientUser } from '../unit/support/session-user';
import { GraphQLErrors, type GraphQLHandler, renderWithApp } from './support/render';

vi.stubGlobal('__SUPPORT_EMAIL__', 'service@weindepot.example');

/** The sign-in: Anna with her password, a not yet activated account, anyone else refused. */
const server: GraphQLHandler = ({ operationName, variables }) => {
  if (operationName !== 'TokenAuth') return {};
  if (variables.email === 'neu@example.com')
    return new GraphQLErrors([{ message: 'Bitte aktivieren Sie zuerst Ihr Nutzerkonto.' }]);
  if (variables.email !== clientUser.email || variables.password !== 'Weindepot2026!')
    return new GraphQLErrors([{ message: 'Please enter valid credentials' }]);
  return { tokenAuth: { token: 'header.payload.signature', user: clientUser } };
};

const emailField = () => screen.getByLabelText('E-Mail') as HTMLInputElement;
const passwordField = () => screen.getByLabelText('Passwort', { selector: 'input' }) as HTMLInputElement;

describe('Login', () => {
  it('says in German that e-mail or password are wrong, and keeps what was typed', async () => {
    const { user, router } = renderWithApp(<LoginForm />, { graphql: server, route: '/login' });
    await user.type(emailField(), 'anna@example.com');
    await user.type(passwordField(), 'Falsch2026!');
    await user.click(screen.getByRole('button', { name: 'Einloggen' }));

    expect(await screen.findByText(ENTRY_MESSAGES.invalidCredentials)).toBeTruthy();
    expect(emailField().value).toBe('anna@example.com');
    expect(passwordField().value).toBe('Falsch2026!');
    expect(router.state.location.pathname).toBe('/login');
  });

  it('empties the form for an account that is not activated yet', async () => {
    const { user } = renderWithApp(<LoginForm />, { graphql: server, route: '/login' });
    await user.type(emailField(), 'neu@example.com');
    await user.type(passwordField(), 'Weindepot2026!');
    await user.click(screen.getByRole('button', { name: 'Einloggen' }));

    expect(await screen.findByText(ENTRY_MESSAGES.notActivated)).toBeTruthy();
    expect(emailField().value).toBe('');
    expect(passwordField().value).toBe('');
  });

  it('signs in with the trimmed, lower-cased address and the trimmed password, then opens the start page', async () => {
    const { user, requests, router } = renderWithApp(<LoginForm />, { graphql: server, route: '/login' });
    await user.type(emailField(), '  Anna@Example.com ');
    await user.type(passwordField(), ' Weindepot2026! ');
    await user.click(screen.getByRole('button', { name: 'Einloggen' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
    expect(requests.filter((request) => request.operationName === 'TokenAuth')).toEqual([
      { operationName: 'TokenAuth', variables: { email: 'anna@example.com', password: 'Weindepot2026!' } },
    ]);
  });
});
