import { expect, type Page, test } from '@playwright/test';
import { demoAccounts, demoPassword } from './support/accounts';
import { logIn } from './support/session';

function sidebarLink(page: Page, name: string) {
  return page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name });
}

test('a superuser sees the Management section in the sidebar', async ({ page }) => {
  await logIn(page, demoAccounts.superuser, demoPassword);

  await expect(sidebarLink(page, 'Management')).toBeVisible();
});

test('a client sees the client area without the Management section', async ({ page }) => {
  await logIn(page, demoAccounts.client, demoPassword);

  await expect(sidebarLink(page, 'Mein Weindepot')).toBeVisible();
  await expect(sidebarLink(page, 'Management')).toHaveCount(0);
});

test('an unknown page of the client area leads to the start page', async ({ page }) => {
  await logIn(page, demoAccounts.client, demoPassword);

  await page.goto('/admin/xyz');
  await expect(page).toHaveURL('/admin/start');
});

test('on a narrow screen the sidebar opens from the burger button', async ({ page }) => {
  await page.setViewportSize({ width: 800, height: 900 });
  await logIn(page, demoAccounts.client, demoPassword);

  // The collapsed sidebar is moved off-screen, so "in the viewport" is what tells it apart.
  await expect(sidebarLink(page, 'Mein Weindepot')).not.toBeInViewport();
  await page.getByRole('button', { name: 'Menü öffnen' }).click();
  await expect(sidebarLink(page, 'Mein Weindepot')).toBeInViewport();

  await sidebarLink(page, 'Mein Weindepot').click();
  await expect(page).toHaveURL('/admin/depot');
  await expect(sidebarLink(page, 'Mein Weindepot')).not.toBeInViewport();
});
