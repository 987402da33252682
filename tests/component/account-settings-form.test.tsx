import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AccountSettingsForm } from '../../src/features/account/ui/AccountSettingsForm';
import { type GraphQLHandler, renderWithApp } from './support/render';

const anna = {
  id: 7,
  email: 'anna@example.com',
  customerNumber: 'WD-100042',
  salutation: 'Frau',
  firstName: 'Anna',
  lastName: 'Berger',
  company: null,
  phone: '+49 170 1234567',
  streetAndNumber: 'Lindenstraße 4',
  addressSupplement: null,
  postalCode: '10969',
  city: 'Berlin',
  country: 'DE',
  newsletter: false,
  blockedByOrderCheck: false,
  personalOffersCount: 0,
  orderPositionsCount: 0,
  soldOutRequestVintageIds: [],
};

type Reason = { message: string; code: string; field: string | null };

/** Anna's account; a change is accepted, or refused with `reasons`. */
function server(reasons?: Reason[]): GraphQLHandler {
  return ({ operationName, variables }) => {
    if (operationName === 'AccountMe') return { me: anna };
    if (operationName === 'ChangeUser') {
      return {
        changeUser: reasons
          ? { success: false, errors: reasons, pendingEmail: null, user: null }
          : { success: true, errors: [], pendingEmail: null, user: { ...anna, ...variables } },
      };
    }
    return {};
  };
}

const save = () => screen.getByRole('button', { name: 'Speichern' }) as HTMLButtonElement;

describe('Accountdaten', () => {
  it('shows the customer number read-only beside the personal data', async () => {
    renderWithApp(<AccountSettingsForm mode="default" onDone={() => {}} />, { graphql: server() });
    expect((await screen.findByTestId('customer-number')).textContent).toBe('Kundennummer: WD-100042');
    expect(screen.queryByRole('textbox', { name: /Kundennummer/ })).toBeNull();
  });

  it('saves only the edited address fields, and not while an edited one is empty', async () => {
    let done = 0;
    const { user, requests } = renderWithApp(
      <AccountSettingsForm mode="adress-only" onDone={() => done++} />,
      { graphql: server() },
    );
    const city = (await screen.findByLabelText(/Stadt/)) as HTMLInputElement;
    expect(city.value).toBe('Berlin');
    expect(save().disabled).toBe(false);

    // An edited address field left empty blocks saving; untouched ones do not count.
    await user.clear(city);
    expect(save().disabled).toBe(true);
    await user.type(city, 'Potsdam');
    expect(save().disabled).toBe(false);
    await user.click(save());

    await screen.findByText('Ihre Accountdaten wurden aktualisiert.');
    const sent = requests.filter((request) => request.operationName === 'ChangeUser');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.variables).toEqual({ city: 'Potsdam' });
    expect(done).toBe(1);
  });

  it('shows a reason for a field under it and any other reason above the button', async () => {
    const taken = 'Diese E-Mail-Adresse wird bereits verwendet.';
    const other = 'Ihre Daten können gerade nicht geändert werden.';
    const { user } = renderWithApp(<AccountSettingsForm mode="default" onDone={() => {}} />, {
      graphql: server([
        { message: taken, code: 'INVALID', field: 'email' },
        { message: other, code: 'BLOCKED', field: null },
      ]),
    });
    const email = (await screen.findByLabelText(/E-Mail/)) as HTMLInputElement;
    await user.clear(email);
    await user.type(email, 'anna.berger@example.com');
    await user.click(save());

    const shown = await screen.findByText(taken);
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(email.getAttribute('aria-describedby')).toContain(shown.id);
    expect(await screen.findByText(other)).toBeTruthy();
    expect(email.value).toBe('anna.berger@example.com');

    await user.type(email, 'x');
    expect(screen.queryByText(taken)).toBeNull();
  });
});
