import { describe, expect, it } from 'vitest';
import { initialWizardAnswers, sliderToAmount, wizardDefaults } from '../../src/domain/advice-wizard';
import { wizardProfile } from '../../src/features/advice/model/investor-profile';

describe('the profile the questionnaire saves', () => {
  it('saves the sum of the slider position as euros in a decimal string', () => {
    const answers = initialWizardAnswers(null);
    expect(wizardProfile(answers)).toEqual({
      wineloverVsInvestor: answers.wineloverVsInvestor,
      takesRisk: answers.takesRisk,
      investmentHorizon: answers.investmentHorizon,
      investmentSumIntended: String(sliderToAmount(answers.amountSlider)),
      stocks: wizardDefaults.stocks,
      etfs: wizardDefaults.etfs,
      realestate: wizardDefaults.realestate,
      metals: wizardDefaults.metals,
      watches: wizardDefaults.watches,
      crypto: wizardDefaults.crypto,
    });
  });

  it('gives a saved profile back as it was loaded', () => {
    const saved = {
      wineloverVsInvestor: 70,
      takesRisk: 40,
      investmentHorizon: 12,
      investmentSumIntended: '50000',
      stocks: true,
      etfs: false,
      realestate: true,
      metals: false,
      watches: false,
      crypto: true,
    };
    expect(wizardProfile(initialWizardAnswers(saved))).toEqual(saved);
  });
});
