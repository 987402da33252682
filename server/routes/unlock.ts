/**
 * `/unlock/<token>`: the link of the mail sent when the sign-in ceiling of an address was reached
 * (many failed sign-ins from many addresses). Opening it shows a button (a mail scanner fetching
 * the link changes nothing); pressing it lifts the ceiling once. It signs nobody in.
 */

import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import { unlockLogin } from '../services/auth';
import { authMessages } from '../services/auth-validation';
import { type MailLinkTexts, registerMailLinkAction } from './mail-link-action';

export const unlockTexts: MailLinkTexts = {
  title: 'Anmeldung entsperren',
  intro:
    'Für Ihre Emailadresse gab es ungewöhnlich viele fehlgeschlagene Anmeldeversuche, deshalb ist die Anmeldung vorübergehend gesperrt. Mit der Schaltfläche heben Sie die Sperre auf; danach melden Sie sich wie gewohnt mit Ihrem Passwort an.',
  button: 'Sperre aufheben',
  done: 'Die Sperre ist aufgehoben. Sie können sich jetzt wieder mit Ihrer Emailadresse und Ihrem Passwort anmelden.',
  invalid: authMessages.unlockInvalid,
};

export async function unlockRoutes(app: FastifyInstance, { db }: { db: Database }): Promise<void> {
  registerMailLinkAction(app, {
    path: '/unlock',
    texts: unlockTexts,
    act: (token) => unlockLogin(db, token),
  });
}
