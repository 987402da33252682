import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CONTACT_TEXTS } from '../../src/domain/contact-texts';
import { ContactForm } from '../../src/features/contact/ui/ContactForm';
import { type GraphQLHandler, renderWithApp } from './support/render';

type Reason = { message: string; code: string; field: string | null };

/** A server that accepts the contact request, or refuses it with `refusal`. */
function server(refusal?: Reason): GraphQLHandler {
  return ({ operationName }) => {
    if (operationName === 'SendContactRequest') {
      return {
        sendContactRequest: refusal ? { success: false, errors: [refusal] } : { success: true, errors: [] },
      };
    }
    return {};
  };
}

/** Fills every required field like a visitor of a proposal page (no account to prefill from). */
async function fillIn(user: ReturnType<typeof renderWithApp>['user'], withCallback = false) {
  await user.type(screen.getByLabelText(/Ihre Nachricht/), '  Ich interessiere mich für den Sassicaia.  ');
  await user.click(screen.getByText('Frau'));
  await user.type(screen.getByLabelText(/Vorname/), 'Anna');
  await user.type(screen.getByLabelText(/Nachname/), 'Berger');
  await user.click(screen.getByLabelText(CONTACT_TEXTS.privacy));
  if (withCallback) {
    await user.click(screen.getByLabelText(CONTACT_TEXTS.callback));
    await user.type(screen.getByLabelText(/Telefon/), '+49 170 1234567');
  }
}

describe('Kontaktformular', () => {
  it('sends the trimmed request once every required field is filled, then thanks', async () => {
    const { user, requests } = renderWithApp(<ContactForm uid="proposal-1" onDone={() => {}} />, {
      graphql: server(),
    });
    const send = screen.getByRole('button', { name: CONTACT_TEXTS.send });
    expect((send as HTMLButtonElement).disabled).toBe(true);
    await fillIn(user);
    expect((send as HTMLButtonElement).disabled).toBe(false);
    await user.click(send);

    expect(await screen.findByText(CONTACT_TEXTS.thanks)).toBeTruthy();
    const sent = requests.filter((request) => request.operationName === 'SendContactRequest');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.variables).toMatchObject({
      salutation: 'Frau',
      firstName: 'Anna',
      lastName: 'Berger',
      message: 'Ich interessiere mich für den Sassicaia.',
      privacyAccepted: true,
      callback: false,
      phone: null,
      uid: 'proposal-1',
    });
  });

  it('shows a reason the server gives for a field under that field, until the field is changed', async () => {
    const reason = 'Diese Telefonnummer können wir nicht anrufen.';
    const { user } = renderWithApp(<ContactForm uid="proposal-1" onDone={() => {}} />, {
      graphql: server({ message: reason, code: 'INVALID', field: 'phone' }),
    });
    await fillIn(user, true);
    await user.click(screen.getByRole('button', { name: CONTACT_TEXTS.send }));

    const phone = screen.getByLabelText(/Telefon/);
    // The reason is the field's error: marked invalid and described by the text under it.
    const shown = await screen.findByText(reason);
    expect(phone.getAttribute('aria-invalid')).toBe('true');
    expect(phone.getAttribute('aria-describedby')).toContain(shown.id);
    expect(screen.queryByText(CONTACT_TEXTS.thanks)).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();

    await user.type(phone, '8');
    expect(screen.queryByText(reason)).toBeNull();
    expect(phone.getAttribute('aria-invalid')).not.toBe('true');
  });

  it('shows a reason without a field above the button and keeps what was typed', async () => {
    const reason = 'Dieses Angebot ist abgelaufen.';
    const { user } = renderWithApp(<ContactForm uid="proposal-1" onDone={() => {}} />, {
      graphql: server({ message: reason, code: 'NOT_FOUND', field: null }),
    });
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: CONTACT_TEXTS.send }));

    expect((await screen.findByRole('alert')).textContent).toContain(reason);
    expect((screen.getByLabelText(/Vorname/) as HTMLInputElement).value).toBe('Anna');
    expect((screen.getByLabelText(/Ihre Nachricht/) as HTMLTextAreaElement).value).toBe(
      '  Ich interessiere mich für den Sassicaia.  ',
    );
  });
});
