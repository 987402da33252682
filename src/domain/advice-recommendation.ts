/**
 * The automatically composed portfolio ("wt") for a saved investor profile.
 *
 * How it works (deterministic: the same profile and catalogue always give the same answer):
 * 1. Fit: every available offer gets a distance to the profile — the absolute differences of
 *    the vintage's predictions to the profile's answers (risk and wine lover vs. investor on
 *    0–100, the horizon scaled from 5–25 years to 0–100). Smaller is better; ties go to the
 *    lower offer id. Offers without stock, or whose single case costs more than the upper end
 *    of the window, are left out.
 * 2. Window: the sum must lie within ±10 % of the intended sum (never above +10 %).
 * 3. Region cap: when the sum allows three or more wines — the cheapest cases of three different
 *    regions fit together within the upper end of the window — no region may exceed 40 % of the
 *    portfolio. It is enforced while building against 40 % of the window's lower end
 *    (0.4 × 0.9 × target), so it holds for any final sum inside the window. Should the capped
 *    build still miss the window (cases too dear for the cap, e.g. 5.000 € with one 2.500 €
 *    case per region), the sum does not allow a spread portfolio after all: the build runs again
 *    without the cap and its result is taken when it reaches the window.
 * 4. Build in whole cases: first one case each of the best-fitting offers (at most `maxWines`,
 *    one wine per ~5.000 €, 3 to 12), then further cases of the chosen wines in rank order,
 *    round by round, while the sum is below the target; if the window's lower end is still
 *    not reached, further eligible offers in rank order are added case by case. Every step
 *    respects the stock, the upper end of the window and the region cap.
 * 5. Repair: if the lower end is still not reached (greedy steps can get stuck, typically for
 *    small sums under the region cap), one case of a chosen wine is exchanged for one case of
 *    another eligible offer whenever that raises the sum within the window and the cap; the
 *    exchange landing closest to the target wins (ties: better fit, then lower offer ids), and
 *    step 3 runs again after each exchange. The sum rises with every exchange (at most 50).
 * The result says whether the window was reached (a small catalogue may not allow it).
 */
import type { Cents } from './money';

export interface ProfilePreferences {
  wineloverVsInvestor: number;
  takesRisk: number;
  investmentHorizon: number;
  investmentSumIntended: Cents;
}

export interface Candidate {
  offerId: number;
  region: string;
  /** Price of one case (sell price per bottle × bottles per case). */
  casePrice: Cents;
  /** Cases in stock. */
  availableCases: number;
  takesRiskPrediction: number | null;
  wineloverVsInvestorPrediction: number | null;
  investmentHorizonPrediction: number | null;
}

export interface Recommendation {
  offerId: number;
  amount: number;
}

export interface ComposedPortfolio {
  positions: Recommendation[];
  sum: Cents;
  withinWindow: boolean;
  regionCapApplied: boolean;
}

export const WINDOW = 0.1;
export const REGION_CAP = 0.4;
/** Bound of the repair step (each exchange looks at chosen wines × eligible offers). */
const MAX_EXCHANGES = 50;

const horizonScaled = (years: number) => ((years - 5) / 20) * 100;

export function fitDistance(profile: ProfilePreferences, candidate: Candidate): number {
  const risk = Math.abs((candidate.takesRiskPrediction ?? 50) - profile.takesRisk);
  const lover = Math.abs((candidate.wineloverVsInvestorPrediction ?? 50) - profile.wineloverVsInvestor);
  const horizon = Math.abs(
    horizonScaled(candidate.investmentHorizonPrediction ?? 15) - horizonScaled(profile.investmentHorizon),
  );
  return risk + lover + horizon;
}

/**
 * Whether the sum allows three or more wines spread over regions: the cheapest case of each
 * region, three regions together (the cheapest three), fit within `upper`.
 */
export function allowsThreeRegions(eligible: readonly Candidate[], upper: Cents): boolean {
  const cheapest = new Map<string, Cents>();
  for (const c of eligible) {
    const known = cheapest.get(c.region);
    if (known === undefined || c.casePrice < known) cheapest.set(c.region, c.casePrice);
  }
  if (cheapest.size < 3) return false;
  const [a, b, c] = [...cheapest.values()].sort((x, y) => x - y);
  return (a ?? 0) + (b ?? 0) + (c ?? 0) <= upper;
}

export function composePortfolio(
  profile: ProfilePreferences,
  candidates: readonly Candidate[],
): ComposedPortfolio {
  const target = profile.investmentSumIntended;
  const upper = Math.floor(target * (1 + WINDOW));
  const eligible = candidates
    .filter((c) => c.availableCases > 0 && c.casePrice > 0 && c.casePrice <= upper)
    .map((c) => ({ candidate: c, distance: fitDistance(profile, c) }))
    .sort((a, b) => a.distance - b.distance || a.candidate.offerId - b.candidate.offerId)
    .map((entry) => entry.candidate);
  if (!allowsThreeRegions(eligible, upper)) return build(eligible, target, false);
  const capped = build(eligible, target, true);
  if (capped.withinWindow) return capped;
  const uncapped = build(eligible, target, false);
  return uncapped.withinWindow ? uncapped : capped;
}

/** Steps 4 (build) and 5 (repair) over the ranked eligible offers, with or without the region cap. */
function build(eligible: readonly Candidate[], target: Cents, regionCapApplied: boolean): ComposedPortfolio {
  const upper = Math.floor(target * (1 + WINDOW));
  const lower = Math.ceil(target * (1 - WINDOW));
  const regionLimit = regionCapApplied ? Math.floor(lower * REGION_CAP) : Number.POSITIVE_INFINITY;
  const maxWines = Math.min(12, Math.max(3, Math.floor(target / 500_000)));

  const amounts = new Map<number, number>();
  const regionSums = new Map<string, number>();
  let sum = 0;
  const fits = (c: Candidate) =>
    (amounts.get(c.offerId) ?? 0) < c.availableCases &&
    sum + c.casePrice <= upper &&
    (regionSums.get(c.region) ?? 0) + c.casePrice <= regionLimit;
  const add = (c: Candidate) => {
    amounts.set(c.offerId, (amounts.get(c.offerId) ?? 0) + 1);
    regionSums.set(c.region, (regionSums.get(c.region) ?? 0) + c.casePrice);
    sum += c.casePrice;
  };

  // Step 1: one case each of the best-fitting wines.
  const chosen: Candidate[] = [];
  for (const c of eligible) {
    if (chosen.length >= maxWines || sum >= target) break;
    if (fits(c)) {
      add(c);
      chosen.push(c);
    }
  }
  // Step 2: more cases of the chosen wines, round by round, up to the target.
  let progress = true;
  while (sum < target && progress) {
    progress = false;
    for (const c of chosen) {
      if (sum >= target) break;
      if (fits(c)) {
        add(c);
        progress = true;
      }
    }
  }
  // Step 3: still below the window? Any eligible offer in rank order, case by case.
  const fillUp = () => {
    let added = true;
    while (sum < lower && added) {
      added = false;
      for (const c of eligible) {
        if (sum >= lower) break;
        if (fits(c)) {
          add(c);
          added = true;
        }
      }
    }
  };
  fillUp();
  // Step 5: repair by exchanging one case for one case of another offer.
  const remove = (c: Candidate) => {
    const left = (amounts.get(c.offerId) ?? 0) - 1;
    if (left > 0) amounts.set(c.offerId, left);
    else amounts.delete(c.offerId);
    regionSums.set(c.region, (regionSums.get(c.region) ?? 0) - c.casePrice);
    sum -= c.casePrice;
  };
  for (let exchanges = 0; sum < lower && exchanges < MAX_EXCHANGES; exchanges += 1) {
    let best: { out: Candidate; into: Candidate; distance: number } | null = null;
    for (const out of eligible) {
      if (!amounts.has(out.offerId)) continue;
      for (const into of eligible) {
        if (into.offerId === out.offerId || into.casePrice <= out.casePrice) continue;
        const newSum = sum - out.casePrice + into.casePrice;
        const regionAfter =
          (regionSums.get(into.region) ?? 0) +
          into.casePrice -
          (into.region === out.region ? out.casePrice : 0);
        const allowed =
          (amounts.get(into.offerId) ?? 0) < into.availableCases &&
          newSum <= upper &&
          regionAfter <= regionLimit;
        const distance = Math.abs(newSum - target);
        // Eligible is in rank order: on equal distance the earlier (better-fitting) pair stays.
        if (allowed && (best === null || distance < best.distance)) best = { out, into, distance };
      }
    }
    if (!best) break;
    remove(best.out);
    add(best.into);
    fillUp();
  }
  const positions = eligible
    .filter((c) => amounts.has(c.offerId))
    .map((c) => ({ offerId: c.offerId, amount: amounts.get(c.offerId) ?? 0 }));
  return { positions, sum, withinWindow: sum >= lower && sum <= upper, regionCapApplied };
}
