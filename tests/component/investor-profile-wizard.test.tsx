import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { InvestorProfileWizard } from '../../src/features/advice/ui/InvestorProfileWizard';
import { type GraphQLHandler, renderWithApp, type SentRequest } from './support/render';

const savedProfile = { uid: 'profil-1', id: 3 };

/** The server saves every profile, or refuses with `refusal` (a German message, as the server's). */
function server(refusal?: string): GraphQLHandler {
  return ({ operationName }) =>
    operationName === 'CreatePreferencesProfile'
      ? {
          createPreferencesProfile: refusal
            ? {
                success: false,
                errors: [{ message: refusal, code: 'INVALID', field: null }],
                preferencesProfile: null,
              }
            : { success: true, errors: [], preferencesProfile: savedProfile },
        }
      : {};
}

const saves = (requests: SentRequest[]) =>
  requests
    .filter((request) => request.operationName === 'CreatePreferencesProfile')
    .map((request) => request.variables);

describe('Fragebogen "Ihr Anlegerprofil" eines neuen Kunden', () => {
  it('walks through five steps with the progress, keeps answers on "Zurück" and cannot be skipped', async () => {
    const { user } = renderWithApp(<InvestorProfileWizard variant="initial" onSaved={() => {}} />, {
      graphql: server(),
    });
    const progress = await screen.findByRole('progressbar', { name: 'Schritt 1 von 5' });
    expect(progress.getAttribute('aria-valuenow')).toBe('20');
    expect(screen.getByRole('heading', { name: 'Sind Sie eher Weinliebhaber oder Investor?' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Zurück' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Überspringen' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Weiter' }));
    expect(screen.getByRole('progressbar', { name: 'Schritt 2 von 5' }).getAttribute('aria-valuenow')).toBe(
      '40',
    );
    await user.click(screen.getByRole('switch', { name: 'Aktien' }));
    await user.click(screen.getByRole('button', { name: 'Weiter' }));
    expect(screen.getByRole('heading', { name: 'Wie risikobereit sind Sie?' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Zurück' }));
    expect((screen.getByRole('switch', { name: 'Aktien' }) as HTMLInputElement).checked).toBe(true);
  });

  it('shows the planned sum and horizon in German as the sliders move by keyboard', async () => {
    const { user } = renderWithApp(<InvestorProfileWizard variant="initial" onSaved={() => {}} />, {
      graphql: server(),
    });
    for (let step = 1; step < 4; step += 1)
      await user.click(await screen.findByRole('button', { name: 'Weiter' }));
    expect(screen.getByTestId('wizard-amount').textContent).toBe('25.000 €');
    screen.getByRole('slider', { name: 'Geplante Investitionssumme' }).focus();
    await user.keyboard('{End}');
    expect(screen.getByTestId('wizard-amount').textContent).toMatch(/^mehr als \d{1,3}(\.\d{3})+ €$/);

    await user.click(screen.getByRole('button', { name: 'Weiter' }));
    expect(screen.getByTestId('wizard-horizon').textContent).toBe('15 Jahre');
    screen.getByRole('slider', { name: 'Anlagehorizont in Jahren' }).focus();
    await user.keyboard('{End}');
    expect(screen.getByTestId('wizard-horizon').textContent).toBe('25 oder mehr Jahre');
  });

  it('sends the answers with "Zu meinem Depot" and hands the saved profile on', async () => {
    const onSaved = vi.fn();
    const { user, requests } = renderWithApp(<InvestorProfileWizard variant="initial" onSaved={onSaved} />, {
      graphql: server(),
    });
    await user.click(await screen.findByRole('button', { name: 'Weiter' }));
    await user.click(screen.getByRole('switch', { name: 'Aktien' }));
    await user.click(screen.getByRole('switch', { name: 'Uhren' }));
    for (let step = 2; step < 5; step += 1) await user.click(screen.getByRole('button', { name: 'Weiter' }));
    expect(screen.queryByRole('button', { name: 'Weiter' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Zu meinem Depot' }));

    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(onSaved.mock.calls[0]?.[0]).toMatchObject(savedProfile);
    expect(saves(requests)).toEqual([
      {
        wineloverVsInvestor: 50,
        takesRisk: 50,
        investmentHorizon: 15,
        investmentSumIntended: '25000',
        stocks: true,
        etfs: false,
        realestate: false,
        metals: false,
        watches: true,
        crypto: false,
      },
    ]);
  });

  it('shows the server’s refusal and stays open', async () => {
    const onSaved = vi.fn();
    const { user } = renderWithApp(<InvestorProfileWizard variant="initial" onSaved={onSaved} />, {
      graphql: server('Bitte geben Sie eine Investitionssumme an.'),
    });
    for (let step = 1; step < 5; step += 1)
      await user.click(await screen.findByRole('button', { name: 'Weiter' }));
    await user.click(screen.getByRole('button', { name: 'Zu meinem Depot' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Profil nicht gespeichert')).toBeTruthy();
    expect(alert.textContent).toContain('Bitte geben Sie eine Investitionssumme an.');
    expect(onSaved).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Zu meinem Depot' })).toBeTruthy();
  });

  it('lets a client editing the profile skip, and ends with "Fertig"', async () => {
    const onSkip = vi.fn();
    const { user } = renderWithApp(
      <InvestorProfileWizard variant="edit" onSaved={() => {}} onSkip={onSkip} />,
      {
        graphql: server(),
      },
    );
    for (let step = 1; step < 5; step += 1)
      await user.click(await screen.findByRole('button', { name: 'Weiter' }));
    expect(screen.getByRole('button', { name: 'Fertig' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Überspringen' }));
    expect(onSkip).toHaveBeenCalledTimes(1);
  });
});
