import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SLICE_COLOR,
  pieSlices,
  portfolioTotal,
  regionShares,
} from '../../src/domain/advice-portfolio';
import {
  allowsThreeRegions,
  type Candidate,
  composePortfolio,
  type ProfilePreferences,
} from '../../src/domain/advice-recommendation';
import {
  parseRate,
  salesCalculation,
  simulatedMonthlyFee,
  simulatedValueAtMonth,
  sliderToRate,
  YEAR_15_FEE_MONTH,
  yAxisMax,
} from '../../src/domain/advice-simulation';
import {
  amountLabel,
  amountToSlider,
  horizonLabel,
  initialWizardAnswers,
  profileProblems,
  roundToBand,
  sliderToAmount,
  wizardProgress,
} from '../../src/domain/advice-wizard';
import { monthlyServiceFee } from '../../src/domain/backoffice-analytics';
import { REGION_COLORS } from '../../src/domain/depot-region-colors';
import { costSummary } from '../../src/domain/order-costs';
import { COUNT_MS, countAt, FADE_MS } from '../../src/features/advice/model/advice-development';

describe('wizard amount mapping', () => {
  it.each([
    // raw amount → rounded to its band's step
    [4_749, 4_500], // below 5.000: steps of 500
    [4_751, 5_000],
    [7_300, 7_000], // below 10.000: steps of 1.000
    [16_000, 15_000], // below 25.000: steps of 2.500
    [24_334, 25_000],
    [27_400, 25_000], // below 50.000: steps of 5.000
    [54_000, 50_000], // below 100.000: steps of 10.000
    [97_254, 100_000],
    [128_000, 125_000], // below 250.000: steps of 25.000
    [250_000, 250_000],
  ])('rounds %d to %d', (raw, rounded) => {
    expect(roundToBand(raw)).toBe(rounded);
  });

  it.each([
    [1, 5_000], // minimum 5.000 (cubic curve gives 0,25 €)
    [27, 5_000],
    [28, 5_000], // 5.488 lies in the band below 10.000 (steps of 1.000)
    [30, 7_000],
    [40, 15_000],
    [46, 25_000],
    [60, 50_000],
    [73, 100_000],
    [80, 125_000],
    [100, 250_000],
  ])('slider %d → %d €', (slider, amount) => {
    expect(sliderToAmount(slider)).toBe(amount);
  });

  it('clamps slider positions outside 1–100 and is monotonic', () => {
    expect(sliderToAmount(0)).toBe(5_000);
    expect(sliderToAmount(150)).toBe(250_000);
    for (let s = 2; s <= 100; s += 1) expect(sliderToAmount(s)).toBeGreaterThanOrEqual(sliderToAmount(s - 1));
  });

  it('finds the slider position of a saved amount', () => {
    expect(sliderToAmount(amountToSlider(25_000))).toBe(25_000);
    expect(sliderToAmount(amountToSlider(50_000))).toBe(50_000);
    expect(amountToSlider(5_000)).toBe(1);
    expect(amountToSlider(999_999)).toBe(100);
  });

  it('labels the ends', () => {
    expect(amountLabel(5_000)).toBe('5.000 €');
    expect(amountLabel(125_000)).toBe('125.000 €');
    expect(amountLabel(250_000)).toBe('mehr als 250.000 €');
    expect(horizonLabel(15)).toBe('15');
    expect(horizonLabel(25)).toBe('25 oder mehr');
  });

  it.each([
    [1, 20],
    [3, 60],
    [5, 100],
  ])('step %d shows %d %% progress', (step, progress) => {
    expect(wizardProgress(step)).toBe(progress);
  });
});

describe('profile validation', () => {
  const valid = {
    wineloverVsInvestor: 50,
    takesRisk: 50,
    investmentHorizon: 15,
    investmentSumIntended: '5000',
  };
  it.each([
    [{}, []],
    [{ wineloverVsInvestor: -1 }, ['wineloverVsInvestor']],
    [{ wineloverVsInvestor: 101 }, ['wineloverVsInvestor']],
    [{ takesRisk: 100 }, []],
    [{ takesRisk: 50.5 }, ['takesRisk']],
    [{ investmentHorizon: 4 }, ['investmentHorizon']],
    [{ investmentHorizon: 25 }, []],
    [{ investmentHorizon: 26 }, ['investmentHorizon']],
    [{ investmentSumIntended: '4999.99' }, ['investmentSumIntended']],
    [{ investmentSumIntended: 'abc' }, ['investmentSumIntended']],
  ])('%o → problems in %o', (change, fields) => {
    const problems = profileProblems({ ...valid, ...change });
    expect(problems.map((problem) => problem.field)).toEqual(fields);
    for (const problem of problems) expect(problem.message).toMatch(/muss/);
  });
});

describe('15-year simulation (initial 100.000 €)', () => {
  const initial = 10_000_000;
  // Hand-computed: 1,04^15 = 1,8009435; 1,087^15 = 3,4949677; 1,12^15 = 5,4735658.
  // Fee as billed: 2,25 % p. a. incl. 19 % MwSt. of the value at the start of each month, ÷ 12.
  // Month 1: 100.000 € × 2,25 % × 1,19 = 2.677,50 € a year → 223,125 → 223,13 € a month.
  // Month 169 at 8,7 %: 100.000 € × 1,087^14 = 321.524,17 € → 8.608,81 € a year → 717,40 €.
  // The totals are the sums of the 180 monthly fees (computed apart, outside this code).
  it.each([
    [0.04, 18_009_435, 38_638, 5_458_925, 272_625, 630_330, 1_920_180, 80.09, 19.2],
    [0.087, 34_949_677, 71_740, 7_980_057, 278_268, 1_223_239, 15_746_381, 249.5, 157.46],
    [0.12, 54_735_658, 109_044, 10_519_407, 282_175, 1_915_748, 32_300_503, 447.36, 323.01],
  ])(
    'at %d: value15 %d, fee in year 15 %d, fees %d',
    (rate, value15, fee15, feeTotal, feeYear1, commission, profit, growthPerc, profitPerc) => {
      const result = salesCalculation(initial, rate);
      expect(result.value15).toBe(value15);
      expect(result.serviceFee1).toBe(22_313);
      expect(result.serviceFee15).toBe(fee15);
      expect(result.serviceFeeTotal).toBe(feeTotal);
      expect(result.serviceFeeAvg).toBe(Math.round(feeTotal / 180));
      expect(result.saleProvision).toBe(commission); // 3,5 % of value15
      expect(result.growthAbs).toBe(value15 - initial);
      expect(result.growthPerc).toBe(growthPerc);
      expect(result.profit).toBe(profit); // value15 − 100.000 − fees − commission
      expect(result.profit).toBe(value15 - initial - feeTotal - commission);
      expect(result.profitPerc).toBe(profitPerc);
      expect(result.timeseries).toHaveLength(16);
      expect(result.timeseries[0]).toEqual({ year: 0, value: initial, fee: 0 });
      expect(result.timeseries[1]).toEqual({
        year: 1,
        value: Math.round(initial * (1 + rate)),
        fee: feeYear1,
      });
      expect(result.timeseries[15]).toEqual({ year: 15, value: value15, fee: feeTotal });
    },
  );

  it('charges what the order list and billing charge for the same value and month', () => {
    const rate = 0.087;
    const result = salesCalculation(initial, rate);
    // Month 1: the order list's monthly fee for a purchase of the initial value.
    const orderList = costSummary([{ amount: 1, caskOf: 1, priceBtl: '100000.00', conditionReport: false }]);
    expect(orderList.vintagesSum).toBe(initial);
    expect(result.serviceFee1).toBe(orderList.managementFeeMonthly);
    // Year 15 (month 169): billing's gross fee on the simulated value after 14 years.
    expect(YEAR_15_FEE_MONTH).toBe(169);
    const valueAfter14 = result.timeseries[14]?.value ?? 0;
    expect(simulatedValueAtMonth(initial, rate, YEAR_15_FEE_MONTH)).toBe(valueAfter14);
    expect(result.serviceFee15).toBe(monthlyServiceFee(valueAfter14).gross);
    // Every month is billing's fee on that month's value, and grows with the value.
    let previous = 0;
    for (let month = 1; month <= 180; month += 1) {
      const fee = simulatedMonthlyFee(initial, rate, month);
      expect(fee).toBe(monthlyServiceFee(simulatedValueAtMonth(initial, rate, month)).gross);
      expect(fee).toBeGreaterThanOrEqual(previous);
      previous = fee;
    }
  });

  it('15.178 € at 8,7 %: the fees on the growing value incl. VAT, not 2,25 % of the start flat', () => {
    const result = salesCalculation(1_517_800, 0.087);
    expect(result.serviceFee1).toBe(3_387); // 15.178 € × 2,25 % × 1,19 ÷ 12 = 33,866… €
    // The former rule (2,25 % of 15.178 € without VAT, 180 × 28,46 €) left out about 7.000 €.
    expect(result.serviceFeeTotal).toBe(1_211_217);
    expect(result.serviceFeeTotal - 2_846 * 180).toBeGreaterThan(690_000);
  });

  it('y-axis maximum is initial × 1,11^15', () => {
    expect(yAxisMax(initial)).toBe(47_845_895);
    expect(salesCalculation(initial, 0.11).value15).toBe(yAxisMax(initial));
  });

  it.each([
    [8.7, '0.087'],
    [4, '0.040'],
    [12, '0.120'],
    [10.3, '0.103'],
  ])('slider %d %% → expAnnualProfit %s', (percent, rate) => {
    expect(sliderToRate(percent)).toBe(rate);
  });

  it.each([
    [null, 0.087],
    ['', 0.087],
    ['x', 0.087],
    ['0.05', 0.05],
    ['0.5', 0.12],
    ['0.01', 0.04],
  ])('parses expAnnualProfit %s as %d', (value, rate) => {
    expect(parseRate(value)).toBeCloseTo(rate, 10);
  });
});

describe('pie slices and region shares', () => {
  const lines = [
    { label: 'Lafite', region: 'Bordeaux', priceBtl: '100.00', amount: 1, caskOf: 6 }, // 600
    { label: 'Sassicaia', region: 'Toskana', priceBtl: '50.00', amount: 2, caskOf: 6 }, // 600
    { label: 'Lafite', region: 'Bordeaux', priceBtl: '100.00', amount: 1, caskOf: 3 }, // 300
    { label: 'Unbekannt', region: 'Mosel', priceBtl: '25.00', amount: 4, caskOf: 5 }, // 500
  ];
  it('merges slices with the same label and computes shares of price × cases × bottles', () => {
    const slices = pieSlices(lines);
    expect(slices.map((slice) => [slice.label, slice.value, slice.share])).toEqual([
      ['Lafite', 90_000, 45],
      ['Sassicaia', 60_000, 30],
      ['Unbekannt', 50_000, 25],
    ]);
    expect(slices[0]?.color).toBe(REGION_COLORS.Bordeaux);
    expect(slices[2]?.color).toBe(DEFAULT_SLICE_COLOR);
    expect(portfolioTotal(lines)).toBe(200_000);
  });
  it('groups regions largest first', () => {
    expect(regionShares(lines).map((entry) => [entry.region, entry.cases, entry.share])).toEqual([
      ['Bordeaux', 2, 45],
      ['Toskana', 2, 30],
      ['Mosel', 4, 25],
    ]);
    expect(pieSlices([])).toEqual([]);
  });
});

/** A small deterministic pseudo-random generator for the property tests. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

const regions = ['Bordeaux', 'Burgund', 'Toskana', 'Champagne', 'Piemont'];

/** Case prices between 2 % and 16 % of the target, so a portfolio within the window exists. */
function catalogue(seed: number, regionCount: number, target: number, count = 30): Candidate[] {
  const next = random(seed);
  return Array.from({ length: count }, (_, index) => ({
    offerId: index + 1,
    region: regions[index % regionCount] as string,
    casePrice: Math.round(target * (0.02 + next() * 0.14)),
    availableCases: Math.floor(next() * 12),
    takesRiskPrediction: Math.floor(next() * 101),
    wineloverVsInvestorPrediction: Math.floor(next() * 101),
    investmentHorizonPrediction: 5 + Math.floor(next() * 21),
  }));
}

function profileFor(seed: number): ProfilePreferences {
  const next = random(seed * 7 + 3);
  const amounts = [5_000, 10_000, 25_000, 50_000, 100_000];
  return {
    takesRisk: Math.floor(next() * 101),
    wineloverVsInvestor: Math.floor(next() * 101),
    investmentHorizon: 5 + Math.floor(next() * 21),
    investmentSumIntended: (amounts[seed % amounts.length] as number) * 100,
  };
}

describe('recommendation engine (properties over 60 profiles and catalogues)', () => {
  const cases = Array.from({ length: 60 }, (_, seed) => seed + 1);

  it.each(cases)('seed %d: sum window, stock, region cap', (seed) => {
    const profile = profileFor(seed);
    const candidates = catalogue(seed, 3 + (seed % 3), profile.investmentSumIntended);
    const result = composePortfolio(profile, candidates);
    const target = profile.investmentSumIntended;
    expect(result.sum).toBeLessThanOrEqual(target * 1.1);
    expect(result.withinWindow).toBe(true);
    expect(result.sum).toBeGreaterThanOrEqual(target * 0.9);
    const byId = new Map(candidates.map((c) => [c.offerId, c]));
    let recomputed = 0;
    const regionSums = new Map<string, number>();
    for (const position of result.positions) {
      const candidate = byId.get(position.offerId) as Candidate;
      expect(Number.isInteger(position.amount)).toBe(true);
      expect(position.amount).toBeGreaterThan(0);
      expect(position.amount).toBeLessThanOrEqual(candidate.availableCases);
      recomputed += position.amount * candidate.casePrice;
      regionSums.set(
        candidate.region,
        (regionSums.get(candidate.region) ?? 0) + position.amount * candidate.casePrice,
      );
    }
    expect(recomputed).toBe(result.sum);
    expect(result.regionCapApplied).toBe(true);
    for (const value of regionSums.values()) expect(value).toBeLessThanOrEqual(result.sum * 0.4);
  });

  it.each(cases.slice(0, 10))('seed %d: deterministic, independent of the input order', (seed) => {
    const profile = profileFor(seed);
    const candidates = catalogue(seed, 4, profile.investmentSumIntended);
    const first = composePortfolio(profile, candidates);
    expect(composePortfolio(profile, [...candidates].reverse())).toEqual(first);
    expect(composePortfolio(profile, candidates)).toEqual(first);
  });

  it('prefers offers whose predictions fit the profile', () => {
    const candidates: Candidate[] = [
      {
        offerId: 1,
        region: 'Bordeaux',
        casePrice: 100_000,
        availableCases: 5,
        takesRiskPrediction: 10,
        wineloverVsInvestorPrediction: 10,
        investmentHorizonPrediction: 5,
      },
      {
        offerId: 2,
        region: 'Bordeaux',
        casePrice: 100_000,
        availableCases: 5,
        takesRiskPrediction: 90,
        wineloverVsInvestorPrediction: 90,
        investmentHorizonPrediction: 25,
      },
    ];
    const risky = composePortfolio(
      { takesRisk: 90, wineloverVsInvestor: 90, investmentHorizon: 25, investmentSumIntended: 100_000 },
      candidates,
    );
    expect(risky.positions).toEqual([{ offerId: 2, amount: 1 }]);
    expect(risky.regionCapApplied).toBe(false);
  });

  it('repairs a greedy choice stuck below the window under the region cap by exchanging a case', () => {
    const candidate = (offerId: number, region: string, casePrice: number, fit: number): Candidate => ({
      offerId,
      region,
      casePrice,
      availableCases: 5,
      takesRiskPrediction: 50 + fit,
      wineloverVsInvestorPrediction: 50,
      investmentHorizonPrediction: 15,
    });
    // 5.000 €: window 4.500–5.500 €, cap 40 % of 4.500 € = 1.800 € per region. One case each of
    // the three best-fitting wines gives 4.300 €; no further case fits the cap.
    const candidates = [
      candidate(1, 'Bordeaux', 170_000, 0),
      candidate(2, 'Toskana', 150_000, 1),
      candidate(3, 'Champagne', 110_000, 2),
      candidate(4, 'Champagne', 160_000, 3),
    ];
    const result = composePortfolio(
      { takesRisk: 50, wineloverVsInvestor: 50, investmentHorizon: 15, investmentSumIntended: 500_000 },
      candidates,
    );
    expect(result.positions).toEqual([
      { offerId: 1, amount: 1 },
      { offerId: 2, amount: 1 },
      { offerId: 4, amount: 1 },
    ]);
    expect(result.sum).toBe(480_000);
    expect(result.withinWindow).toBe(true);
  });

  it('never exceeds stock or the upper window end even when the window cannot be reached', () => {
    const candidates: Candidate[] = [
      {
        offerId: 1,
        region: 'Bordeaux',
        casePrice: 100_000,
        availableCases: 1,
        takesRiskPrediction: 50,
        wineloverVsInvestorPrediction: 50,
        investmentHorizonPrediction: 15,
      },
      {
        offerId: 2,
        region: 'Toskana',
        casePrice: 2_000_000,
        availableCases: 9,
        takesRiskPrediction: 50,
        wineloverVsInvestorPrediction: 50,
        investmentHorizonPrediction: 15,
      },
    ];
    const result = composePortfolio(
      { takesRisk: 50, wineloverVsInvestor: 50, investmentHorizon: 15, investmentSumIntended: 1_000_000 },
      candidates,
    );
    expect(result.positions).toEqual([{ offerId: 1, amount: 1 }]);
    expect(result.withinWindow).toBe(false);
  });
});

describe('region cap only when the sum allows three or more wines', () => {
  const offer = (offerId: number, region: string, casePrice: number, availableCases = 5): Candidate => ({
    offerId,
    region,
    casePrice,
    availableCases,
    takesRiskPrediction: 50,
    wineloverVsInvestorPrediction: 50,
    investmentHorizonPrediction: 15,
  });
  const fiveThousand: ProfilePreferences = {
    takesRisk: 50,
    wineloverVsInvestor: 50,
    investmentHorizon: 15,
    investmentSumIntended: 500_000,
  };

  it.each([
    ['three regions whose cheapest cases fit 5.500 €', [1_500_00, 2_000_00, 2_000_00], 550_000, true],
    ['exactly at the upper end', [1_000_00, 2_000_00, 2_500_00], 550_000, true],
    ['three 2.500 € cases are 7.500 €', [2_500_00, 2_500_00, 2_500_00], 550_000, false],
    ['two regions only', [1_000_00, 1_000_00], 550_000, false],
  ] as const)('%s → %s', (_label, prices, upper, expected) => {
    const eligible = prices.map((price, index) => offer(index + 1, regions[index] as string, price));
    expect(allowsThreeRegions(eligible, upper)).toBe(expected);
  });

  it('takes the cheapest case of each region, not any three cases', () => {
    const eligible = [
      offer(1, 'Bordeaux', 3_000_00),
      offer(2, 'Bordeaux', 1_000_00),
      offer(3, 'Toskana', 2_000_00),
      offer(4, 'Champagne', 2_500_00),
    ];
    expect(allowsThreeRegions(eligible, 550_000)).toBe(true);
    expect(allowsThreeRegions(eligible.slice(0, 1).concat(eligible.slice(2)), 550_000)).toBe(false);
  });

  it('composes 5.000 € from 2.500 € cases in three regions without the cap', () => {
    const result = composePortfolio(fiveThousand, [
      offer(1, 'Bordeaux', 250_000),
      offer(2, 'Toskana', 250_000),
      offer(3, 'Champagne', 250_000),
    ]);
    expect(result.regionCapApplied).toBe(false);
    expect(result.positions).toEqual([
      { offerId: 1, amount: 1 },
      { offerId: 2, amount: 1 },
    ]);
    expect(result.sum).toBe(500_000);
    expect(result.withinWindow).toBe(true);
  });

  it('drops the cap when a spread portfolio cannot reach the window', () => {
    // Three regions fit together (5.000 €), but the 2.500 € case exceeds the cap of 1.800 € and
    // the other two give only 2.500 €.
    const result = composePortfolio(fiveThousand, [
      offer(1, 'Bordeaux', 250_000, 1),
      offer(2, 'Toskana', 150_000, 1),
      offer(3, 'Champagne', 100_000, 1),
    ]);
    expect(result.regionCapApplied).toBe(false);
    expect(result.sum).toBe(500_000);
    expect(result.withinWindow).toBe(true);
  });

  it('keeps the cap when the spread portfolio reaches the window', () => {
    const result = composePortfolio(fiveThousand, [
      offer(1, 'Bordeaux', 150_000),
      offer(2, 'Toskana', 150_000),
      offer(3, 'Champagne', 150_000),
      offer(4, 'Bordeaux', 250_000),
    ]);
    expect(result.regionCapApplied).toBe(true);
    expect(result.positions).toEqual([
      { offerId: 1, amount: 1 },
      { offerId: 2, amount: 1 },
      { offerId: 3, amount: 1 },
    ]);
    expect(result.sum).toBe(450_000);
  });
});

describe('wizard answers of a saved profile ("Profil anpassen")', () => {
  it('starts a first profile with the defaults', () => {
    expect(initialWizardAnswers(null)).toEqual({
      wineloverVsInvestor: 50,
      takesRisk: 50,
      investmentHorizon: 15,
      amountSlider: 46,
      stocks: false,
      etfs: false,
      realestate: false,
      metals: false,
      watches: false,
      crypto: false,
    });
  });

  it('keeps every saved answer, including the six experience switches', () => {
    const answers = initialWizardAnswers({
      wineloverVsInvestor: 70,
      takesRisk: 55,
      investmentHorizon: 12,
      investmentSumIntended: '50000.00',
      stocks: true,
      etfs: true,
      realestate: true,
      metals: false,
      watches: true,
      crypto: true,
    });
    expect(answers).toEqual({
      wineloverVsInvestor: 70,
      takesRisk: 55,
      investmentHorizon: 12,
      amountSlider: amountToSlider(50_000),
      stocks: true,
      etfs: true,
      realestate: true,
      metals: false,
      watches: true,
      crypto: true,
    });
    expect(sliderToAmount(answers.amountSlider)).toBe(50_000);
  });
});

describe('portfolio development overlay', () => {
  it.each([
    [-5, 0],
    [0, 0],
    [35, 1],
    [1_750, 50],
    [3_464, 98],
    [3_500, 100],
    [9_000, 100],
  ])('after %d ms shows %d %%', (elapsed, percent) => {
    expect(countAt(elapsed)).toBe(percent);
  });
  it('counts 3,5 s and fades 0,5 s', () => {
    expect(COUNT_MS).toBe(3_500);
    expect(FADE_MS).toBe(500);
  });
});
