import { expect, type Locator, type Page } from '@playwright/test';

/**
 * The browser of the map journeys (`test.use`): MapLibre draws with WebGL, which headless
 * Chromium provides through SwiftShader.
 */
export const WEBGL_MAP_BROWSER = {
  viewport: { width: 1280, height: 900 },
  launchOptions: {
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--enable-unsafe-swiftshader',
      '--use-angle=swiftshader',
      '--disable-quic',
      '--no-first-run',
    ],
  },
};

/** The wineries map's buttons of single wineries ("Weingut Pétrus"). */
export function wineryMarkers(page: Page): Locator {
  return page.getByTestId('wine-map').getByRole('button', { name: /^Weingut / });
}

/** The map's cluster buttons ("5 Weingüter in Bordeaux – heranzoomen"). */
export function wineryClusters(page: Page): Locator {
  return page.getByTestId('wine-map').getByRole('button', { name: /^\d+ Weingüter\b.* – heranzoomen$/ });
}

/**
 * Opens clusters with Enter (as a keyboard user would) until a single winery stands alone on the
 * map, and answers its marker. Each opened cluster must fall apart: its button goes away.
 */
export async function revealWineryMarker(page: Page): Promise<Locator> {
  const marker = wineryMarkers(page).first();
  const cluster = wineryClusters(page).first();
  await expect(marker.or(cluster).first()).toBeVisible({ timeout: 20_000 });
  for (let opened = 0; !(await marker.isVisible()); opened++) {
    expect(opened, 'clusters opened before a winery stands alone').toBeLessThan(6);
    const clusterId = await cluster.getAttribute('data-cluster-id');
    await cluster.focus();
    await page.keyboard.press('Enter');
    await expect(page.locator(`[data-cluster-id="${clusterId}"]`)).toHaveCount(0);
    await expect(marker.or(cluster).first()).toBeVisible();
  }
  return marker;
}
