import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MutationRefused } from '../../src/api/mutation-refused';
import { VALIDATION_MESSAGES } from '../../src/domain/entry-validation';
import { EmailPromptModal } from '../../src/features/backoffice-quotes/ui/EmailPromptModal';
import { renderWithApp } from './support/render';

/** The prompt of "Angebot erstellen"; `answer` is what saving the address answers. */
function openPrompt(answer: (email: string) => Promise<unknown> = () => Promise.resolve()) {
  const saved: string[] = [];
  const rendered = renderWithApp(
    <EmailPromptModal
      opened
      title="Angebot erstellen"
      loading={false}
      onSubmit={(email) => {
        saved.push(email);
        return answer(email);
      }}
      onCancel={() => {}}
    />,
  );
  return { ...rendered, saved };
}

const field = (dialog: HTMLElement) => within(dialog).getByLabelText('E-Mail-Adresse des Kunden');

describe('E-Mail-Abfrage eines Angebots', () => {
  it('says in German that the address is invalid on saving, follows the typing, and saves nothing', async () => {
    const { user, saved } = openPrompt();
    const dialog = await screen.findByRole('dialog', { name: 'Angebot erstellen' });
    await user.type(field(dialog), 'kunde@beispiel');
    expect(within(dialog).queryByText(VALIDATION_MESSAGES.email)).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Speichern' }));

    expect(within(dialog).getByText(VALIDATION_MESSAGES.email)).toBeTruthy();
    expect(field(dialog).getAttribute('aria-invalid')).toBe('true');
    await user.type(field(dialog), '.d');
    expect(within(dialog).getByText(VALIDATION_MESSAGES.email)).toBeTruthy();
    await user.type(field(dialog), 'e');
    expect(within(dialog).queryByText(VALIDATION_MESSAGES.email)).toBeNull();
    expect(saved).toEqual([]);
  });

  it('saves the address lower-cased', async () => {
    const { user, saved } = openPrompt();
    const dialog = await screen.findByRole('dialog', { name: 'Angebot erstellen' });
    await user.type(field(dialog), 'Kunde@Beispiel.de');
    await user.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    expect(saved).toEqual(['kunde@beispiel.de']);
  });

  it('shows the reason the server refused the address for under the field', async () => {
    const reason = 'Für diese Adresse gibt es schon ein offenes Angebot.';
    const { user } = openPrompt(() => Promise.reject(new MutationRefused(reason, 'INVALID', 'email')));
    const dialog = await screen.findByRole('dialog', { name: 'Angebot erstellen' });
    await user.type(field(dialog), 'kunde@beispiel.de');
    await user.click(within(dialog).getByRole('button', { name: 'Speichern' }));

    await waitFor(() => expect(within(dialog).getByText(reason)).toBeTruthy());
    expect(field(dialog).getAttribute('aria-invalid')).toBe('true');
  });
});
