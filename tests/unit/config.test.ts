import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';

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
