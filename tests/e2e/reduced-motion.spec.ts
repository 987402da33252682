import { type Browser, expect, type Page, test } from '@playwright/test';
import { CONTACT_AVATAR_TEXTS } from '../../src/domain/sidebar-badges';
import { demoAccounts, demoPassword } from './support/accounts';
import { logIn } from './support/session';

/**
 * With "reduce motion" asked for, nothing moves by itself: the greeting does not rotate, the
 * adviser's text is not typed, the totals show their value at once, and no CSS animation runs.
 * The page's clock is Playwright's (timers and animation frames advance only when the test says),
 * so each check compares the same ten seconds with and without the preference.
 */
async function startPage(browser: Browser, reducedMotion: 'reduce' | 'no-preference') {
  const context = await browser.newContext({ reducedMotion });
  const page = await context.newPage();
  await page.clock.install();
  await logIn(page, demoAccounts.client, demoPassword);
  await page.goto('/admin/start');
  await expect(page.getByTestId('greeting-word')).toBeVisible();
  return { context, page };
}

async function afterTenSeconds(page: Page) {
  const word = await page.getByTestId('greeting-word').textContent();
  const avatar = await page.getByTestId('contact-avatar').textContent();
  await page.clock.runFor(10_000);
  return {
    wordBefore: word,
    wordAfter: await page.getByTestId('greeting-word').textContent(),
    avatarBefore: avatar,
    avatarAfter: await page.getByTestId('contact-avatar').textContent(),
  };
}

test('the greeting and the adviser text move on without the preference', async ({ browser }) => {
  const { context, page } = await startPage(browser, 'no-preference');
  const seen = await afterTenSeconds(page);
  expect(seen.wordAfter).not.toBe(seen.wordBefore);
  expect(seen.avatarAfter).not.toBe(seen.avatarBefore);
  await context.close();
});

test('under reduced motion the greeting, the typing and every CSS animation stand still', async ({
  browser,
}) => {
  const { context, page } = await startPage(browser, 'reduce');
  const seen = await afterTenSeconds(page);
  expect(seen.wordAfter).toBe(seen.wordBefore);
  expect(seen.avatarAfter).toBe(seen.avatarBefore);
  // The adviser's first text whole, not a typed fragment of it.
  expect(seen.avatarAfter).toContain(CONTACT_AVATAR_TEXTS[0]);

  // Any element's animation and transition end at once (the global rule, not one component's).
  const timing = await page.evaluate(() => {
    const probe = document.createElement('div');
    probe.style.animation = 'mantine-rotate 1.2s linear infinite';
    probe.style.transition = 'opacity 300ms ease';
    document.body.append(probe);
    const style = getComputedStyle(probe);
    const result = {
      animation: style.animationDuration,
      iterations: style.animationIterationCount,
      transition: style.transitionDuration,
    };
    probe.remove();
    return result;
  });
  expect(timing).toEqual({ animation: '1e-05s', iterations: '1', transition: '1e-05s' });

  // The depot's totals show their value at once, without counting up through animation frames.
  await page.goto('/admin/depot');
  await expect(page.getByTestId('total-invested')).toHaveText(/^[1-9]\d{0,2}(\.\d{3})*,\d{2} €$/);
  await context.close();
});
