import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_COMPANY, DEMO_COMPANY_ENV } from '../../server/company';
import { loadConfig } from '../../server/config';
import { EXAMPLE_WAREHOUSE_ENV } from '../../server/services/warehouse-signature';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'weindepot-config-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('payment provider configuration', () => {
  it('refuses to start with PAYMENT_PROVIDER=stripe but no secret key instead of taking test cards', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir, PAYMENT_PROVIDER: 'stripe' })).toThrow(
      'PAYMENT_PROVIDER=stripe braucht STRIPE_SECRET_KEY',
    );
  });

  it('refuses to start with PAYMENT_PROVIDER=stripe but no webhook secret, since no payment would arrive', () => {
    for (const secret of [undefined, '']) {
      expect(() =>
        loadConfig({
          DATA_DIR: dataDir,
          PAYMENT_PROVIDER: 'stripe',
          STRIPE_SECRET_KEY: 'sk_test_x',
          STRIPE_WEBHOOK_SECRET: secret,
        }),
      ).toThrow('PAYMENT_PROVIDER=stripe braucht STRIPE_WEBHOOK_SECRET');
    }
  });

  it('uses Stripe when key and webhook secret are given, and the local provider by default', () => {
    const stripe = loadConfig({
      DATA_DIR: dataDir,
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
    });
    expect(stripe.paymentProvider).toBe('stripe');
    expect(stripe.stripeSecretKey).toBe('sk_test_x');
    expect(stripe.stripeWebhookSecret).toBe('whsec_x');
    expect(loadConfig({ DATA_DIR: dataDir }).paymentProvider).toBe('local');
  });
});

describe('company details', () => {
  it('refuses a production start without the business details an invoice needs, naming each missing one', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'production' })).toThrow(
      'NODE_ENV=production braucht die Angaben des Unternehmens für Rechnungen: COMPANY_NAME, COMPANY_ADDRESS, COMPANY_REGISTER, COMPANY_MANAGING_DIRECTORS, COMPANY_TAX_NUMBER, COMPANY_VAT_ID, COMPANY_EMAIL, COMPANY_PHONE fehlen',
    );
    const { COMPANY_VAT_ID: _left, ...withoutVatId } = DEMO_COMPANY_ENV;
    expect(() => loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'production', ...withoutVatId })).toThrow(
      'Rechnungen: COMPANY_VAT_ID fehlt',
    );
  });

  it('takes the configured details in production and the fictitious demo values elsewhere', () => {
    const production = loadConfig({
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      ...DEMO_COMPANY_ENV,
      ...EXAMPLE_WAREHOUSE_ENV,
      COMPANY_NAME: 'Beispiel Wein GmbH',
    });
    expect(production.company).toEqual({ ...DEMO_COMPANY, name: 'Beispiel Wein GmbH' });
    expect(loadConfig({ DATA_DIR: dataDir }).company).toEqual(DEMO_COMPANY);
    expect(DEMO_COMPANY.register).toContain('HRB 00000');
    expect(DEMO_COMPANY.vatId).toBe('DE000000000');
  });
});

describe('warehouse key', () => {
  it('refuses a production start without the warehouse’s public key, and a key that is not 32 bytes', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'production', ...DEMO_COMPANY_ENV })).toThrow(
      'NODE_ENV=production braucht WAREHOUSE_PUBLIC_KEY',
    );
    expect(() => loadConfig({ DATA_DIR: dataDir, WAREHOUSE_PUBLIC_KEY: 'abc' })).toThrow(
      'WAREHOUSE_PUBLIC_KEY muss der öffentliche Ed25519-Schlüssel',
    );
    const production = loadConfig({
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      ...DEMO_COMPANY_ENV,
      ...EXAMPLE_WAREHOUSE_ENV,
    });
    expect(production.warehouse).toEqual({
      publicKey: EXAMPLE_WAREHOUSE_ENV.WAREHOUSE_PUBLIC_KEY,
      demoKeys: undefined,
    });
  });

  it('generates the demo warehouse’s key pair into DATA_DIR once and keeps it', () => {
    const first = loadConfig({ DATA_DIR: dataDir }).warehouse;
    expect(first.demoKeys?.publicKey).toBe(first.publicKey);
    expect(first.publicKey).toMatch(/^[A-Za-z0-9+/]{43}=$/);
    expect(loadConfig({ DATA_DIR: dataDir }).warehouse).toEqual(first);
  });
});

describe('document signing identity', () => {
  it('signs with the configured PKCS#12 file and names its certificate', async () => {
    const { selfSignedIdentity } = await import('../../server/pdf/signature');
    const file = path.join(dataDir, 'ca-issued.p12');
    writeFileSync(file, selfSignedIdentity('Weinkontor Signatur', 'geheim'));
    const config = loadConfig({
      DATA_DIR: dataDir,
      DOCUMENT_SIGNING_P12: file,
      DOCUMENT_SIGNING_PASSPHRASE: 'geheim',
    });
    expect(config.documentSigning).toMatchObject({ signerName: 'Weinkontor Signatur', selfSigned: false });
  });

  it('refuses to start with a PKCS#12 file it cannot open, instead of issuing unsigned documents', async () => {
    const { selfSignedIdentity } = await import('../../server/pdf/signature');
    const file = path.join(dataDir, 'wrong-passphrase.p12');
    writeFileSync(file, selfSignedIdentity('Weinkontor Signatur', 'geheim'));
    expect(() =>
      loadConfig({ DATA_DIR: dataDir, DOCUMENT_SIGNING_P12: file, DOCUMENT_SIGNING_PASSPHRASE: 'falsch' }),
    ).toThrow('DOCUMENT_SIGNING_P12 lässt sich nicht öffnen');
  });

  it('generates one self-signed identity into DATA_DIR and keeps it', () => {
    const first = loadConfig({ DATA_DIR: dataDir }).documentSigning;
    const second = loadConfig({ DATA_DIR: dataDir }).documentSigning;
    expect(first.selfSigned).toBe(true);
    expect(Buffer.from(second.p12).equals(Buffer.from(first.p12))).toBe(true);
    expect(existsSync(path.join(dataDir, 'document-signing.p12'))).toBe(true);
  });
});
