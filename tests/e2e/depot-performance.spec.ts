import { expect, type Page, test } from '@playwright/test';
import { formatGainPercent } from '../../src/domain/depot-valuation';
import { decimalToCents, formatEuro } from '../../src/domain/money';
import { staffDepotPath } from '../../src/routes/depot-routes';
import { demoAccounts, demoPassword } from './support/accounts';
import { logIn } from './support/session';

interface Performance {
  marketValue: string;
  invested: string;
  netExitValue: string;
  gainPercent: number | null;
  annualizedReturnPercent: number | null;
  soldPositions: number;
  points: { date: string }[];
}

interface DepotAnswer {
  id: number;
  saleProceedsNet: string | null;
  depotPositionStatusRel: { status: string }[];
}

const graphqlAnswer = (page: Page, field: string) =>
  page.waitForResponse(
    (response) =>
      response.url().endsWith('/graphql') && (response.request().postData() ?? '').includes(field),
  );

/** Opens a depot page and returns the depotPerformance and depot answers the page received. */
async function openDepot(
  page: Page,
  path: string,
  depotField = 'clientsDepot',
): Promise<Performance & { positions: DepotAnswer[] }> {
  const answer = graphqlAnswer(page, 'depotPerformance');
  const depot = graphqlAnswer(page, depotField);
  await page.goto(path);
  const body = (await (await answer).json()) as { data: { depotPerformance: Performance } };
  const positions = (await (await depot).json()) as { data: Record<string, DepotAnswer[]> };
  return { ...body.data.depotPerformance, positions: positions.data[depotField] ?? [] };
}

/** Sold positions are listed apart, as many as the API leaves out, with the proceeds the API names. */
async function expectSoldApart(page: Page, performance: Performance & { positions: DepotAnswer[] }) {
  expect(performance.soldPositions).toBeGreaterThan(0);
  await expect(page.getByTestId('sold-position')).toHaveCount(performance.soldPositions);
  const sold = performance.positions.filter((position) =>
    position.depotPositionStatusRel.some((entry) => entry.status === 'SOLD'),
  );
  expect(sold).toHaveLength(performance.soldPositions);
  for (const position of sold) {
    await expect(
      page
        .locator(`[data-testid="sold-position"][data-position-id="${position.id}"]`)
        .getByTestId('sold-position-proceeds'),
    ).toHaveText(
      position.saleProceedsNet === null
        ? 'Erlös nicht erfasst'
        : `Erlös nach Provision ${formatEuro(decimalToCents(position.saleProceedsNet))}`,
    );
  }
  // The cards of the held positions show no sold one.
  await expect(page.getByTestId('depot-position-card').filter({ hasText: 'Verkauft am' })).toHaveCount(0);
}

async function expectChartDrawn(page: Page) {
  const chart = page.getByTestId('performance-chart');
  // The chart's code (recharts) loads after the depot; a busy machine may take a while.
  await expect(chart).toBeVisible({ timeout: 60_000 });
  // Market value, invested and the index: three lines of real size.
  const lines = chart.locator('path.recharts-line-curve');
  await expect(lines).toHaveCount(3);
  for (const line of await lines.all()) {
    const box = await line.boundingBox();
    expect(box?.width ?? 0).toBeGreaterThan(200);
    expect(box?.height ?? 0).toBeGreaterThan(20);
  }
  await expect(chart.locator('.recharts-cartesian-axis-tick-value').first()).toBeVisible();
}

async function expectCardsMatch(page: Page, performance: Performance) {
  const market = decimalToCents(performance.marketValue);
  const invested = decimalToCents(performance.invested);
  await expect(page.getByTestId('performance-market-value')).toHaveText(formatEuro(market));
  await expect(page.getByTestId('performance-invested')).toHaveText(formatEuro(invested));
  await expect(page.getByTestId('performance-net-exit')).toHaveText(
    formatEuro(decimalToCents(performance.netExitValue)),
  );
  const gain = market - invested;
  await expect(page.getByTestId('performance-gain')).toHaveText(
    `${gain > 0 ? '+' : gain < 0 ? '−' : ''}${formatEuro(Math.abs(gain))}`,
  );
  await expect(page.getByTestId('performance-gain-percent')).toHaveText(
    formatGainPercent(performance.gainPercent as number),
  );
  await expect(page.getByTestId('performance-annual-return')).toHaveText(
    formatGainPercent(performance.annualizedReturnPercent as number),
  );
}

test('the depot shows the Wertentwicklung chart and cards that match the API', async ({ page }) => {
  test.setTimeout(120_000);
  await logIn(page, demoAccounts.client, demoPassword);
  const performance = await openDepot(page, '/admin/depot');
  expect(performance.points.length).toBeGreaterThan(30);
  await expectChartDrawn(page);
  await expectCardsMatch(page, performance);
  await expectSoldApart(page, performance);
  await expect(page.getByText('Keine Steuerberatung')).toBeVisible();

  // The range switch: one year has about 13 points, the chart stays drawn.
  await page.getByText('1 J', { exact: true }).click();
  await expect(page.getByRole('radio', { name: '1 J' })).toBeChecked();
  await expectChartDrawn(page);

  // Each position card names source and date of its valuation and its tax-free day.
  const card = page.getByTestId('depot-position-card').first();
  await expect(card.getByTestId('position-valuation-source')).toHaveText(
    /^(Wine-Searcher Europa-Ø, Stand \d{2}\.\d{2}\.\d{4}|Noch keine – zum Kaufpreis)$/,
  );
  await expect(card.getByTestId('position-tax-free-from')).toHaveText(/^\d{2}\.\d{2}\.\d{4}$/);

  // "Zahlen verbergen" hides the new figures too.
  await page.getByRole('switch', { name: 'Zahlen verbergen' }).click();
  await expect(page.getByTestId('performance-market-value').locator('[data-figure]')).toHaveAttribute(
    'aria-hidden',
    'true',
  );
  await expect(page.getByTestId('performance-chart')).toHaveAttribute('aria-hidden', 'true');
  await expect(
    card.getByTestId('position-tax-free-from').locator('xpath=ancestor::*[@data-figure]'),
  ).toHaveAttribute('aria-hidden', 'true');
  // No amount in euro or percent is left readable on the page (the 3.5 % commission is a rule, not a figure).
  const readable = await page.evaluate(() => {
    const walker = document.createTreeWalker(
      document.querySelector('main') ?? document.body,
      NodeFilter.SHOW_TEXT,
    );
    const texts: string[] = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      if (!/\d/.test(text) || !/[€%]/.test(text) || /Verkaufsprovision|Provision ab/.test(text)) continue;
      if (node.parentElement?.closest('[aria-hidden="true"]')) continue;
      texts.push(text);
    }
    return texts;
  });
  expect(readable).toEqual([]);
  await page.getByRole('switch', { name: 'Zahlen verbergen' }).click();

  // The "Depot-Position" dialog: a held position with its valuation, a sold one with its sale.
  const soldIds = new Set(
    performance.positions
      .filter((position) => position.depotPositionStatusRel.some((entry) => entry.status === 'SOLD'))
      .map((position) => position.id),
  );
  const held = performance.positions.find((position) => !soldIds.has(position.id));
  const sold = performance.positions.find((position) => soldIds.has(position.id));
  await page.goto(`/admin/depot?position=${held?.id}`);
  const dialog = page.getByRole('dialog', { name: 'Depot-Position' });
  await expect(dialog.getByTestId('position-market-value')).toHaveText(/^\d{1,3}(\.\d{3})*,\d{2} €$/);
  await expect(dialog.getByTestId('position-valuation-source')).toHaveText(
    /^(Wine-Searcher Europa-Ø, Stand \d{2}\.\d{2}\.\d{4}|Noch keine – zum Kaufpreis)$/,
  );
  await expect(dialog.getByTestId('position-tax-free-from')).toHaveText(/^\d{2}\.\d{2}\.\d{4}$/);
  await page.goto(`/admin/depot?position=${sold?.id}`);
  await expect(dialog.getByTestId('position-sale-proceeds')).toHaveText(
    sold?.saleProceedsNet ? formatEuro(decimalToCents(sold.saleProceedsNet)) : 'nicht erfasst',
  );
  await expect(dialog.getByTestId('position-market-value')).toHaveCount(0);
});

test("staff see the same Wertentwicklung in a client's depot", async ({ page }) => {
  await logIn(page, demoAccounts.superuser, demoPassword);
  const performance = await openDepot(page, staffDepotPath(demoAccounts.client), 'viewClientsDepot');
  await expectChartDrawn(page);
  await expectCardsMatch(page, performance);
  await expectSoldApart(page, performance);
});
