/**
 * Limits on registrations and password-reset requests, per IP address and per address.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { anna, authJourney, authOperation, type MutationAnswer } from './support/auth-journey';
import { databaseTargets, type TestPortal } from './support/harness';

const REGISTER = authOperation('Register');
const RESET_REQUEST = authOperation('SendPasswordResetHash');

describe.each(databaseTargets)('Grenzen für Registrierungen und Passwort-Anfragen (%s)', (target) => {
  const journey = authJourney(target);
  let portal: TestPortal;
  beforeAll(() => {
    ({ portal } = journey);
  });

  it('limits registrations per IP address', async () => {
    const answers = [];
    for (let i = 0; i < 31; i++) {
      answers.push(
        await portal.gql<{ register: MutationAnswer }>(
          REGISTER,
          { ...anna, email: `ungueltig-${i}` },
          { ip: '203.0.113.9' },
        ),
      );
    }
    expect(answers[0]?.data?.register.errors[0]?.code).toBe('INVALID');
    expect(answers.at(-1)?.data?.register.errors[0]?.code).toBe('RATE_LIMITED');
    const otherIp = await portal.gql<{ register: MutationAnswer }>(
      REGISTER,
      { ...anna, email: 'andere-adresse' },
      { ip: '203.0.113.10' },
    );
    expect(otherIp.data?.register.errors[0]?.code).not.toBe('RATE_LIMITED');
  });

  it('limits registrations per address, from whichever IP addresses they come', async () => {
    const codes = [];
    for (let i = 0; i < 6; i++) {
      const answer = await portal.gql<{ register: MutationAnswer }>(
        REGISTER,
        { ...anna, email: ' Berta.Vogel@Example.com ' },
        { ip: `192.0.2.${i + 1}` },
      );
      codes.push(answer.data?.register.errors[0]?.code ?? 'OK');
    }
    expect(codes).toEqual([
      'OK',
      'EMAIL_ALREADY_REGISTERED',
      'EMAIL_ALREADY_REGISTERED',
      'EMAIL_ALREADY_REGISTERED',
      'EMAIL_ALREADY_REGISTERED',
      'RATE_LIMITED',
    ]);
    const otherAddress = await portal.gql<{ register: MutationAnswer }>(
      REGISTER,
      { ...anna, email: 'carl.vogel@example.com' },
      { ip: '192.0.2.6' },
    );
    expect(otherAddress.data?.register).toEqual({ success: true, errors: [] });
  });

  it('limits reset requests per address and per IP address, with a German message and no further mail', async () => {
    await portal.createUser('greta@example.com');
    const request = (email: string, ip: string) =>
      portal.gql<{ sendPasswordResetHash: MutationAnswer }>(RESET_REQUEST, { email }, { ip });

    // Per address: 5 an hour, from wherever they come.
    for (let i = 0; i < 5; i++) {
      expect((await request('greta@example.com', `198.51.100.${i + 1}`)).data?.sendPasswordResetHash).toEqual(
        {
          success: true,
          errors: [],
        },
      );
    }
    const perAddress = await request(' Greta@Example.com ', '198.51.100.99');
    expect(perAddress.data?.sendPasswordResetHash.success).toBe(false);
    expect(perAddress.data?.sendPasswordResetHash.errors[0]).toMatchObject({
      code: 'RATE_LIMITED',
      message: 'Zu viele Anfragen. Bitte warten Sie eine Weile und versuchen Sie es dann erneut.',
    });
    await portal.deliverOutbox();
    expect(await portal.mailsTo('greta@example.com')).toHaveLength(5);

    // Per IP address: 30 an hour, whichever addresses are asked for.
    const answers = [];
    for (let i = 0; i < 31; i++) answers.push(await request(`niemand-${i}@example.com`, '198.51.100.200'));
    expect(answers.slice(0, 30).every((answer) => answer.data?.sendPasswordResetHash.success)).toBe(true);
    expect(answers[30]?.data?.sendPasswordResetHash.errors[0]?.code).toBe('RATE_LIMITED');
    expect(
      (await request('niemand-31@example.com', '198.51.100.201')).data?.sendPasswordResetHash.success,
    ).toBe(true);
  });
});
