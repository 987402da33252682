import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { demoAccounts, demoPassword } from './support/accounts';

/**
 * A partner's page embeds the proposal chart: served from another origin on loopback (127.0.0.1
 * beside the portal's localhost, allowed by the run's EMBED_ORIGINS), it frames `/embed/<uid>` and
 * the pie is drawn; the same page cannot frame any other route of the portal.
 */
let partner: Server;
let partnerOrigin: string;

test.beforeAll(async () => {
  partner = createServer((request, response) => {
    const target = new URL(request.url ?? '/', 'http://partner').searchParams.get('src') ?? '';
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(
      `<!doctype html><html lang="de"><title>Partnerseite</title><h1>Unser Weinportfolio</h1><iframe title="Weindepot" src="${target.replace(/"/g, '&quot;')}" width="420" height="420"></iframe></html>`,
    );
  });
  partner.listen(0, '127.0.0.1');
  await once(partner, 'listening');
  partnerOrigin = `http://127.0.0.1:${(partner.address() as AddressInfo).port}`;
});
test.afterAll(() => {
  partner.closeAllConnections();
  partner.close();
});

async function proposalUid(request: import('@playwright/test').APIRequestContext): Promise<string> {
  const login = await request.post('/graphql', {
    data: {
      query: 'mutation ($e: String!, $p: String!) { tokenAuth(email: $e, password: $p) { token } }',
      variables: { e: demoAccounts.client, p: demoPassword },
    },
  });
  const token = ((await login.json()) as { data: { tokenAuth: { token: string } } }).data.tokenAuth.token;
  const answer = await request.post('/graphql', {
    headers: { Authorization: `JWT ${token}` },
    data: { query: '{ getLatestPreferencesProfile(source: WIZARD) { uid } }' },
  });
  return ((await answer.json()) as { data: { getLatestPreferencesProfile: { uid: string } } }).data
    .getLatestPreferencesProfile.uid;
}

test('a partner’s page on another origin embeds the proposal chart, and nothing else', async ({
  page,
  request,
  baseURL,
}) => {
  const uid = await proposalUid(request);
  const embed = `${baseURL}/embed/${uid}`;
  expect(new URL(embed).origin).not.toBe(partnerOrigin);

  await page.goto(`${partnerOrigin}/?src=${encodeURIComponent(embed)}`);
  const frame = page.frameLocator('iframe[title="Weindepot"]');
  const pie = frame.getByTestId('proposal-pie');
  await expect(pie).toBeVisible();
  // Drawn: sectors of real size inside the frame.
  const sectors = pie.locator('.recharts-pie-sector path, path.recharts-sector');
  await expect(sectors.first()).toBeVisible();
  const box = await sectors.first().boundingBox();
  expect(box?.width ?? 0).toBeGreaterThan(10);
  expect(box?.height ?? 0).toBeGreaterThan(10);

  // Another route in the same frame is refused by the browser (X-Frame-Options: DENY).
  const refused = await page.context().newPage();
  const blocked = refused.waitForEvent('console', (message) =>
    /frame|refused|X-Frame-Options/i.test(message.text()),
  );
  await refused.goto(`${partnerOrigin}/?src=${encodeURIComponent(`${baseURL}/portfolio/${uid}`)}`);
  await blocked;
  await expect(refused.frameLocator('iframe[title="Weindepot"]').getByTestId('proposal-pie')).toHaveCount(0);
  await refused.close();
});
