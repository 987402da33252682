import { act, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useInvestorProfileWizard } from '../../src/features/advice/api/investor-profile-wizard';
import { type GraphQLHandler, renderHookWithApp } from './support/render';

const savedProfile = { uid: 'profil-1', id: 3 };

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

describe('the investor profile questionnaire as its screen shows it', () => {
  it('goes through five steps, never before the first or past the last', () => {
    const { result } = renderHookWithApp(() => useInvestorProfileWizard({ onSaved: () => {} }));
    expect(result.current).toMatchObject({ step: 1, progress: 20, canGoBack: false, last: false });
    act(() => result.current?.back());
    expect(result.current?.step).toBe(1);
    for (let step = 1; step <= 6; step += 1) act(() => result.current?.next());
    expect(result.current).toMatchObject({ step: 5, progress: 100, canGoBack: true, last: true });
  });

  it('saves the answers with the sum of the slider and hands the saved profile on', async () => {
    const onSaved = vi.fn();
    const { result, requests } = renderHookWithApp(() => useInvestorProfileWizard({ onSaved }), {
      graphql: server(),
    });
    act(() => result.current?.set('stocks', true));
    act(() => result.current?.set('takesRisk', 80));
    await act(() => result.current?.submit());
    expect(onSaved).toHaveBeenCalledWith(savedProfile);
    const sent = requests.find((request) => request.operationName === 'CreatePreferencesProfile');
    expect(sent?.variables).toMatchObject({
      stocks: true,
      takesRisk: 80,
      investmentSumIntended: String(result.current?.amount),
    });
  });

  it('keeps a refusal for the wizard to show and does not hand anything on', async () => {
    const onSaved = vi.fn();
    const { result } = renderHookWithApp(() => useInvestorProfileWizard({ onSaved }), {
      graphql: server('Die Investitionssumme liegt außerhalb des erlaubten Bereichs.'),
    });
    await act(() => result.current?.submit());
    await waitFor(() =>
      expect(result.current?.error?.message).toBe(
        'Die Investitionssumme liegt außerhalb des erlaubten Bereichs.',
      ),
    );
    expect(onSaved).not.toHaveBeenCalled();
  });
});
