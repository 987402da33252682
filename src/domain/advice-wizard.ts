/**
 * The investor-profile wizard's rules (spec client area §2 "Investor profile wizard" and §5):
 * five steps of 20 %, the slider ranges and defaults, and the investment-amount slider.
 */

/** Five steps, 20 % progress each. */
export const WIZARD_STEPS = 5;
export const wizardProgress = (step: number): number => Math.min(WIZARD_STEPS, Math.max(1, step)) * 20;

export const PERCENT_MIN = 0;
export const PERCENT_MAX = 100;
export const HORIZON_MIN = 5;
export const HORIZON_MAX = 25;
export const AMOUNT_MIN = 5_000;
export const AMOUNT_MAX = 250_000;
export const AMOUNT_SLIDER_MIN = 1;
export const AMOUNT_SLIDER_MAX = 100;

export const wizardDefaults = {
  wineloverVsInvestor: 50,
  takesRisk: 50,
  investmentHorizon: 15,
  /** Slider position 46 maps to 25.000 € (the data model's default intended sum). */
  amountSlider: 46,
  stocks: false,
  etfs: false,
  realestate: false,
  metals: false,
  watches: false,
  crypto: false,
} as const;

/** The six switches of "Mit welchen Anlageklassen haben Sie Erfahrung?". */
export interface ExperienceAnswers {
  stocks: boolean;
  etfs: boolean;
  realestate: boolean;
  metals: boolean;
  watches: boolean;
  crypto: boolean;
}

/** The answers the wizard and a saved profile hold alike: three sliders and the experience. */
interface ProfileAnswers extends ExperienceAnswers {
  wineloverVsInvestor: number;
  takesRisk: number;
  investmentHorizon: number;
}

export interface WizardAnswers extends ProfileAnswers {
  amountSlider: number;
}

/** What a saved profile gives the wizard back ("Profil anpassen"). */
export interface SavedProfileAnswers extends ProfileAnswers {
  /** Euro, as a decimal string. */
  investmentSumIntended: string;
}

/** The wizard's starting answers: the saved profile's, or the defaults for a first profile. */
export function initialWizardAnswers(profile: SavedProfileAnswers | null | undefined): WizardAnswers {
  if (!profile) return { ...wizardDefaults };
  return {
    wineloverVsInvestor: profile.wineloverVsInvestor,
    takesRisk: profile.takesRisk,
    investmentHorizon: profile.investmentHorizon,
    amountSlider: amountToSlider(Number(profile.investmentSumIntended)),
    stocks: profile.stocks,
    etfs: profile.etfs,
    realestate: profile.realestate,
    metals: profile.metals,
    watches: profile.watches,
    crypto: profile.crypto,
  };
}

/** Rounding bands: below `below` the amount is rounded to a multiple of `step`. */
export const AMOUNT_BANDS: readonly { below: number; step: number }[] = [
  { below: 5_000, step: 500 },
  { below: 10_000, step: 1_000 },
  { below: 25_000, step: 2_500 },
  { below: 50_000, step: 5_000 },
  { below: 100_000, step: 10_000 },
  { below: 250_000, step: 25_000 },
];

/** Rounds a raw euro amount to the step of its band (to the nearest step; 250.000 and above stay). */
export function roundToBand(raw: number): number {
  const band = AMOUNT_BANDS.find((candidate) => raw < candidate.below);
  if (!band) return AMOUNT_MAX;
  return Math.round(raw / band.step) * band.step;
}

/**
 * Slider 1–100 → euro amount: the cubic curve 250.000 × (s / 100)³ (fine steps for small sums,
 * coarse ones for large), rounded to the band's step, never below 5.000 nor above 250.000.
 */
export function sliderToAmount(slider: number): number {
  const s = Math.min(AMOUNT_SLIDER_MAX, Math.max(AMOUNT_SLIDER_MIN, Math.round(slider)));
  const raw = AMOUNT_MAX * (s / 100) ** 3;
  return Math.min(AMOUNT_MAX, Math.max(AMOUNT_MIN, roundToBand(raw)));
}

/** The smallest slider position whose amount reaches `amount` (to show a saved profile again). */
export function amountToSlider(amount: number): number {
  for (let s = AMOUNT_SLIDER_MIN; s <= AMOUNT_SLIDER_MAX; s += 1) {
    if (sliderToAmount(s) >= amount) return s;
  }
  return AMOUNT_SLIDER_MAX;
}

const wholeEuro = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 0 });

/** "25.000 €"; the top of the scale reads "mehr als 250.000 €". */
export function amountLabel(amount: number): string {
  if (amount >= AMOUNT_MAX) return `mehr als ${wholeEuro.format(AMOUNT_MAX)} €`;
  return `${wholeEuro.format(amount)} €`;
}

/** Horizon in years; 25 reads "25 oder mehr". */
export function horizonLabel(years: number): string {
  return years >= HORIZON_MAX ? `${HORIZON_MAX} oder mehr` : String(years);
}

export interface ProfileInput {
  wineloverVsInvestor: number;
  takesRisk: number;
  investmentHorizon: number;
  /** Euro, as a decimal string or number. */
  investmentSumIntended: string | number;
}

export interface ProfileProblem {
  field: keyof ProfileInput;
  message: string;
}

const isWhole = (value: number) => Number.isInteger(value);

/** The server's range checks, with German messages (one truth for wizard and API). */
export function profileProblems(input: ProfileInput): ProfileProblem[] {
  const problems: ProfileProblem[] = [];
  const percent = (field: 'wineloverVsInvestor' | 'takesRisk', label: string) => {
    const value = input[field];
    if (!isWhole(value) || value < PERCENT_MIN || value > PERCENT_MAX) {
      problems.push({ field, message: `${label} muss eine ganze Zahl zwischen 0 und 100 sein.` });
    }
  };
  percent('wineloverVsInvestor', 'Der Wert Weinliebhaber/Investor');
  percent('takesRisk', 'Die Risikobereitschaft');
  const horizon = input.investmentHorizon;
  if (!isWhole(horizon) || horizon < HORIZON_MIN || horizon > HORIZON_MAX) {
    problems.push({
      field: 'investmentHorizon',
      message: 'Der Anlagehorizont muss zwischen 5 und 25 Jahren liegen.',
    });
  }
  const sum = Number(input.investmentSumIntended);
  if (!Number.isFinite(sum) || sum < AMOUNT_MIN) {
    problems.push({
      field: 'investmentSumIntended',
      message: 'Die geplante Investitionssumme muss mindestens 5.000 € betragen.',
    });
  }
  return problems;
}
