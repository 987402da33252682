import { useState } from 'react';
import {
  initialWizardAnswers,
  sliderToAmount,
  WIZARD_STEPS,
  type WizardAnswers,
  wizardProgress,
} from '../../../domain/advice-wizard';
import { wizardProfile } from '../model/investor-profile';
import { type Proposal, useCreatePreferencesProfile } from './advice';

/**
 * The investor profile questionnaire as its screen shows it: the step, the answers (a saved
 * profile's or the defaults), the way back and forth, and saving at the last step. A refusal is
 * shown by the wizard itself (`error`).
 */
export function useInvestorProfileWizard({
  profile,
  onSaved,
}: {
  profile?: Proposal | null;
  onSaved: (saved: Proposal) => void;
}) {
  const [step, setStep] = useState(1);
  const [answers, setAnswers] = useState<WizardAnswers>(() => initialWizardAnswers(profile));
  const save = useCreatePreferencesProfile();
  return {
    step,
    progress: wizardProgress(step),
    answers,
    /** The planned sum in euros, from the slider's position. */
    amount: sliderToAmount(answers.amountSlider),
    set: <Key extends keyof WizardAnswers>(key: Key, value: WizardAnswers[Key]) =>
      setAnswers((current) => ({ ...current, [key]: value })),
    canGoBack: step > 1,
    last: step >= WIZARD_STEPS,
    back: () => setStep((current) => Math.max(1, current - 1)),
    next: () => setStep((current) => Math.min(WIZARD_STEPS, current + 1)),
    saving: save.isPending,
    error: save.error,
    // mutateAsync: `onSaved` must run even when saving closes the dialog around this wizard
    // (the refetched gate unmounts it before a mutate-level callback would fire).
    submit: () =>
      save.mutateAsync(wizardProfile(answers)).then(onSaved, () => {
        // The refusal is shown from `error`.
      }),
  };
}
