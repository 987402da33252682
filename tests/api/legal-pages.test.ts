/**
 * The legal pages' server side: the provider's details the Impressum shows come from the
 * `COMPANY_*` configuration, public and without an account, and every mail ends with the links
 * to the five legal pages at the portal's own address.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEGAL_PAGES } from '../../src/domain/legal-pages';
import { databaseTargets, startTestPortal, type TestPortal } from './support/harness';

const RESET_REQUEST =
  'mutation ($email: String!) { sendPasswordResetHash(email: $email) { success errors { code message } } }';

describe.each(databaseTargets)('Rechtliche Seiten (%s)', (target) => {
  let portal: TestPortal;

  beforeAll(async () => {
    portal = await startTestPortal(target, {
      env: { COMPANY_NAME: 'Weinhandel Genf GmbH', COMPANY_VAT_ID: 'DE123456789' },
    });
  });
  afterAll(() => portal?.close());

  it('answers the configured provider details to a visitor without an account', async () => {
    const response = await portal.app.inject({ method: 'GET', url: '/api/company' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.json()).toMatchObject({
      name: 'Weinhandel Genf GmbH',
      vatId: 'DE123456789',
      address: portal.config.company.address,
      email: portal.config.company.email,
    });
  });

  it('ends every mail with the links to the legal pages at the portal address', async () => {
    await portal.createUser('rechtliches@example.com');
    const answer = await portal.gql(RESET_REQUEST, { email: 'rechtliches@example.com' });
    expect(answer.errors).toBeUndefined();
    await portal.deliverOutbox();
    const [mail] = await portal.mailsTo('rechtliches@example.com');
    expect(mail?.subject).toBe('Ihr Link zur Passwortwiederherstellung');
    for (const page of LEGAL_PAGES)
      expect(mail?.text).toContain(`${page.label}: ${portal.config.publicUrl}${page.path}`);
  });
});
