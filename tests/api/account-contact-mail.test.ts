import { beforeAll, describe, expect, it } from 'vitest';
import { countEvent, rateLimits } from '../../server/services/rate-limit';
import { type Answer, accountJourney, accountOperation } from './support/account-journey';
import { databaseTargets, type TestPortal } from './support/harness';

const CONTACT_MAIL = accountOperation('SendContactFormMail');

describe.each(databaseTargets)('Kontaktformular per Mail (%s)', (target) => {
  const journey = accountJourney(target);
  const { login } = journey;
  let portal: TestPortal;
  let kundeToken: string;
  let neukundeToken: string;
  beforeAll(() => {
    ({ portal, kundeToken, neukundeToken } = journey);
  });

  describe('sendContactFormMail', () => {
    it('validates and mails the message to the service team', async () => {
      const bad = await portal.gql<{ sendContactFormMail: Answer }>(
        CONTACT_MAIL,
        { senderEmail: 'x', sender: '', message: '' },
        { token: kundeToken },
      );
      expect(bad.data?.sendContactFormMail.errors.map((error) => error.field)).toEqual([
        'senderEmail',
        'sender',
        'message',
      ]);
      const answer = await portal.gql<{ sendContactFormMail: Answer }>(
        CONTACT_MAIL,
        { senderEmail: 'kunde@example.com', sender: 'Anna Berger', message: 'Bitte rufen Sie mich an.' },
        { token: kundeToken },
      );
      expect(answer.data?.sendContactFormMail.success).toBe(true);
      await portal.deliverOutbox();
      const [mail] = await portal.mailsTo(portal.config.supportEmail);
      expect(mail?.subject).toBe('Kontaktanfrage von Anna Berger');
      expect(mail?.replyTo).toBe('kunde@example.com');
    });

    it('always names the signed-in client as sender; a given address appears only as "Antwort an"', async () => {
      await portal.createUser('absender@example.com');
      const token = await login('absender@example.com');
      const answer = await portal.gql<{ sendContactFormMail: Answer }>(
        CONTACT_MAIL,
        { senderEmail: 'chef@bank.example', sender: 'Vorstand der Bank', message: 'Bitte überweisen Sie.' },
        { token },
      );
      expect(answer.data?.sendContactFormMail.success).toBe(true);
      await portal.deliverOutbox();
      const mail = (await portal.mailsTo(portal.config.supportEmail)).find((written) =>
        written.text.includes('Bitte überweisen Sie.'),
      );
      expect(mail?.subject).toBe('Kontaktanfrage von Test Person');
      expect(mail?.replyTo).toBe('absender@example.com');
      expect(mail?.to).toBe(portal.config.supportEmail);
      expect(mail?.text).toContain('Nachricht von Test Person <absender@example.com> (Kundenkonto):');
      expect(mail?.text).toContain('Antwort an: chef@bank.example');
      expect(await portal.mailsTo('chef@bank.example')).toEqual([]);
    });

    it('limits contact mails per client and per IP address', async () => {
      await portal.createUser('vielschreiber@example.com');
      const token = await login('vielschreiber@example.com');
      const send = (index: number, sessionToken: string, ip: string) =>
        portal.gql<{ sendContactFormMail: Answer }>(
          CONTACT_MAIL,
          { senderEmail: 'vielschreiber@example.com', sender: 'V', message: `Nachricht ${index}` },
          { token: sessionToken, ip },
        );
      for (let i = 0; i < 20; i++)
        expect((await send(i, token, `198.51.100.${i + 1}`)).data?.sendContactFormMail.success).toBe(true);
      const limited = await send(20, token, '198.51.100.50');
      expect(limited.data?.sendContactFormMail.success).toBe(false);
      expect(limited.data?.sendContactFormMail.errors[0]?.message).toBe(
        'Zu viele Anfragen. Bitte warten Sie eine Weile und versuchen Sie es dann erneut.',
      );
      await portal.deliverOutbox();
      const mails = (await portal.mailsTo(portal.config.supportEmail)).filter((mail) =>
        mail.text.includes('vielschreiber@example.com'),
      );
      expect(mails).toHaveLength(20);

      // Per IP over all clients: 60 an hour.
      for (let i = 0; i < 60; i++)
        await countEvent(portal.db, 'contact-mail:ip:198.51.100.60', rateLimits.contactMailsPerIp);
      expect((await send(21, neukundeToken, '198.51.100.60')).data?.sendContactFormMail.success).toBe(false);
      expect((await send(22, neukundeToken, '198.51.100.61')).data?.sendContactFormMail.success).toBe(true);
    });
  });
});
