import { type SavedProfileAnswers, sliderToAmount, type WizardAnswers } from '../../../domain/advice-wizard';

/** The profile the wizard's answers save: the sum from its slider position, euros as a decimal string. */
export function wizardProfile(answers: WizardAnswers): SavedProfileAnswers {
  return {
    wineloverVsInvestor: answers.wineloverVsInvestor,
    takesRisk: answers.takesRisk,
    investmentHorizon: answers.investmentHorizon,
    investmentSumIntended: String(sliderToAmount(answers.amountSlider)),
    stocks: answers.stocks,
    etfs: answers.etfs,
    realestate: answers.realestate,
    metals: answers.metals,
    watches: answers.watches,
    crypto: answers.crypto,
  };
}
