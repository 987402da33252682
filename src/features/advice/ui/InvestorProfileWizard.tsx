import { Alert, Button, Group, Progress, Slider, Stack, Switch, Text, Title } from '@mantine/core';
import { useState } from 'react';
import {
  AMOUNT_SLIDER_MAX,
  AMOUNT_SLIDER_MIN,
  amountLabel,
  type ExperienceAnswers,
  HORIZON_MAX,
  HORIZON_MIN,
  horizonLabel,
  initialWizardAnswers,
  sliderToAmount,
  WIZARD_STEPS,
  type WizardAnswers,
  wizardProgress,
} from '../../../domain/advice-wizard';
import { type Proposal, useCreatePreferencesProfile } from '../api/advice';

export type WizardVariant = 'initial' | 'edit';

const EXPERIENCE: { key: keyof ExperienceAnswers; label: string }[] = [
  { key: 'stocks', label: 'Aktien' },
  { key: 'etfs', label: 'ETFs' },
  { key: 'realestate', label: 'Immobilien' },
  { key: 'metals', label: 'Edelmetalle' },
  { key: 'watches', label: 'Uhren' },
  { key: 'crypto', label: 'Kryptowährungen' },
];

/**
 * The five-step investor profile questionnaire (20 % progress per step). The first-time
 * variant ends with "Zu meinem Depot"; the edit variant offers "Überspringen" and ends with "Fertig".
 */
export function InvestorProfileWizard({
  variant,
  profile,
  onSaved,
  onSkip,
}: {
  variant: WizardVariant;
  profile?: Proposal | null;
  onSaved: (saved: Proposal) => void;
  onSkip?: () => void;
}) {
  const [step, setStep] = useState(1);
  const [answers, setAnswers] = useState<WizardAnswers>(() => initialWizardAnswers(profile));
  const save = useCreatePreferencesProfile();
  const set = <Key extends keyof WizardAnswers>(key: Key, value: WizardAnswers[Key]) =>
    setAnswers((current) => ({ ...current, [key]: value }));
  const amount = sliderToAmount(answers.amountSlider);

  // mutateAsync: `onSaved` must run even when saving closes the dialog around this wizard
  // (the refetched gate unmounts it before a mutate-level callback would fire).
  const submit = () =>
    save
      .mutateAsync({
        wineloverVsInvestor: answers.wineloverVsInvestor,
        takesRisk: answers.takesRisk,
        investmentHorizon: answers.investmentHorizon,
        investmentSumIntended: String(amount),
        stocks: answers.stocks,
        etfs: answers.etfs,
        realestate: answers.realestate,
        metals: answers.metals,
        watches: answers.watches,
        crypto: answers.crypto,
      })
      .then(onSaved, () => {
        // The refusal is shown from `save.error`.
      });

  return (
    <Stack gap="lg" data-testid="investor-profile-wizard">
      <Progress value={wizardProgress(step)} aria-label={`Schritt ${step} von ${WIZARD_STEPS}`} />
      {step === 1 && (
        <Stack gap="xs">
          <Title order={3}>Sind Sie eher Weinliebhaber oder Investor?</Title>
          <Slider
            label={null}
            min={0}
            max={100}
            value={answers.wineloverVsInvestor}
            onChange={(value) => set('wineloverVsInvestor', value)}
            thumbLabel="Weinliebhaber oder Investor"
          />
          <Group justify="space-between">
            <Text size="sm">Weinliebhaber {100 - answers.wineloverVsInvestor} %</Text>
            <Text size="sm">Investor {answers.wineloverVsInvestor} %</Text>
          </Group>
        </Stack>
      )}
      {step === 2 && (
        <Stack gap="xs">
          <Title order={3}>Mit welchen Anlageklassen haben Sie Erfahrung?</Title>
          {EXPERIENCE.map((entry) => (
            <Switch
              key={entry.key}
              label={entry.label}
              checked={answers[entry.key]}
              onChange={(event) => set(entry.key, event.currentTarget.checked)}
            />
          ))}
        </Stack>
      )}
      {step === 3 && (
        <Stack gap="xs">
          <Title order={3}>Wie risikobereit sind Sie?</Title>
          <Slider
            label={null}
            min={0}
            max={100}
            value={answers.takesRisk}
            onChange={(value) => set('takesRisk', value)}
            thumbLabel="Risikobereitschaft"
          />
          <Group justify="space-between">
            <Text size="sm">sicherheitsorientiert</Text>
            <Text size="sm">risikobewusst ({answers.takesRisk} %)</Text>
          </Group>
        </Stack>
      )}
      {step === 4 && (
        <Stack gap="xs">
          <Title order={3}>Wie viel möchten Sie investieren?</Title>
          <Text fw={700} size="xl" data-testid="wizard-amount">
            {amountLabel(amount)}
          </Text>
          <Slider
            label={null}
            min={AMOUNT_SLIDER_MIN}
            max={AMOUNT_SLIDER_MAX}
            value={answers.amountSlider}
            onChange={(value) => set('amountSlider', value)}
            thumbLabel="Geplante Investitionssumme"
          />
        </Stack>
      )}
      {step === 5 && (
        <Stack gap="xs">
          <Title order={3}>Wie lange möchten Sie investieren?</Title>
          <Text fw={700} size="xl" data-testid="wizard-horizon">
            {horizonLabel(answers.investmentHorizon)} Jahre
          </Text>
          <Slider
            label={null}
            min={HORIZON_MIN}
            max={HORIZON_MAX}
            value={answers.investmentHorizon}
            onChange={(value) => set('investmentHorizon', value)}
            thumbLabel="Anlagehorizont in Jahren"
          />
        </Stack>
      )}
      {save.error && (
        <Alert color="red" title="Profil nicht gespeichert">
          {save.error.message}
        </Alert>
      )}
      <Group justify="space-between">
        <Group>
          {step > 1 && (
            <Button variant="default" onClick={() => setStep(step - 1)}>
              Zurück
            </Button>
          )}
          {variant === 'edit' && onSkip && (
            <Button variant="subtle" onClick={onSkip}>
              Überspringen
            </Button>
          )}
        </Group>
        {step < WIZARD_STEPS ? (
          <Button onClick={() => setStep(step + 1)}>Weiter</Button>
        ) : (
          <Button onClick={submit} loading={save.isPending}>
            {variant === 'initial' ? 'Zu meinem Depot' : 'Fertig'}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
