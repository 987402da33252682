import { eq } from 'drizzle-orm';
import type { ServerConfig } from '../../config';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { createLocalProvider } from './local';
import type { PaymentProvider } from './provider';
import { createStripeProvider } from './stripe';

/** The configured provider: Stripe with `PAYMENT_PROVIDER=stripe` (`loadConfig` demands its key), otherwise local. */
export function createPaymentProvider(db: Database, config: ServerConfig): PaymentProvider {
  if (config.paymentProvider === 'stripe') {
    if (!config.stripeSecretKey) throw new Error('PAYMENT_PROVIDER=stripe ohne STRIPE_SECRET_KEY');
    return createStripeProvider({
      secretKey: config.stripeSecretKey,
      apiUrl: config.stripeApiUrl,
      rememberCustomer: async (userId, customerId) => {
        await db.update(users).set({ paymentCustomerId: customerId }).where(eq(users.id, userId));
      },
    });
  }
  return createLocalProvider({ publicUrl: config.publicUrl, secret: config.paymentWebhookSecret });
}
