import { Alert, Button, Group, Progress, Slider, Stack, Switch, Text, Title } from '@mantine/core';
import {
  AMOUNT_SLIDER_MAX,
  AMOUNT_SLIDER_MIN,
  amountLabel,
  type ExperienceAnswers,
  HORIZON_MAX,
  HORIZON_MIN,
  horizonLabel,
  WIZARD_STEPS,
} from '../../../domain/advice-wizard';
import type { Proposal } from '../api/advice';
import { useInvestorProfileWizard } from '../api/investor-profile-wizard';

export type WizardVariant = 'initial' | 'edit';

const EXPERIENCE: { key: keyof ExperienceAnswers; label: string }[] = [
  { key: 'stocks', label: 'Aktien' },
  { key: 'etfs', label: 'ETFs' },
  { key: 'realestate', label: 'Immobilien' },
  { key: 'metals', label: 'Edelmetalle' },
  { key: 'watches', label: 'Uhren' },
  { key: 'crypto', label: 'Kryptowährungen' },
];

type Wizard = ReturnType<typeof useInvestorProfileWizard>;

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
  const wizard = useInvestorProfileWizard({ profile, onSaved });
  return (
    <Stack gap="lg" data-testid="investor-profile-wizard">
      <Progress value={wizard.progress} aria-label={`Schritt ${wizard.step} von ${WIZARD_STEPS}`} />
      <WizardQuestion wizard={wizard} />
      {wizard.error && (
        <Alert color="red" title="Profil nicht gespeichert">
          {wizard.error.message}
        </Alert>
      )}
      <Group justify="space-between">
        <Group>
          {wizard.canGoBack && (
            <Button variant="default" onClick={wizard.back}>
              Zurück
            </Button>
          )}
          {variant === 'edit' && onSkip && (
            <Button variant="subtle" onClick={onSkip}>
              Überspringen
            </Button>
          )}
        </Group>
        {wizard.last ? (
          <Button onClick={wizard.submit} loading={wizard.saving}>
            {variant === 'initial' ? 'Zu meinem Depot' : 'Fertig'}
          </Button>
        ) : (
          <Button onClick={wizard.next}>Weiter</Button>
        )}
      </Group>
    </Stack>
  );
}

/** The question of the wizard's current step. */
function WizardQuestion({ wizard }: { wizard: Wizard }) {
  const { answers, set } = wizard;
  switch (wizard.step) {
    case 1:
      return (
        <Stack gap="xs">
          <Title order={3}>Sind Sie eher Weinliebhaber oder Investor?</Title>
          <PercentSlider
            value={answers.wineloverVsInvestor}
            onChange={(value) => set('wineloverVsInvestor', value)}
            thumbLabel="Weinliebhaber oder Investor"
          />
          <Group justify="space-between">
            <Text size="sm">Weinliebhaber {100 - answers.wineloverVsInvestor} %</Text>
            <Text size="sm">Investor {answers.wineloverVsInvestor} %</Text>
          </Group>
        </Stack>
      );
    case 2:
      return (
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
      );
    case 3:
      return (
        <Stack gap="xs">
          <Title order={3}>Wie risikobereit sind Sie?</Title>
          <PercentSlider
            value={answers.takesRisk}
            onChange={(value) => set('takesRisk', value)}
            thumbLabel="Risikobereitschaft"
          />
          <Group justify="space-between">
            <Text size="sm">sicherheitsorientiert</Text>
            <Text size="sm">risikobewusst ({answers.takesRisk} %)</Text>
          </Group>
        </Stack>
      );
    case 4:
      return (
        <Stack gap="xs">
          <Title order={3}>Wie viel möchten Sie investieren?</Title>
          <Text fw={700} size="xl" data-testid="wizard-amount">
            {amountLabel(wizard.amount)}
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
      );
    default:
      return (
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
      );
  }
}

/** A slider from 0 to 100 %. */
function PercentSlider(props: { value: number; onChange: (value: number) => void; thumbLabel: string }) {
  return <Slider label={null} min={0} max={100} {...props} />;
}
