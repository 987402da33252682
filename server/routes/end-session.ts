/**
 * `/end-session/<token>`: the link of the "Neue Anmeldung bei Weindepot" mail. Opening it shows a
 * button (a mail scanner fetching the link ends nothing); pressing it ends that one session on
 * every instance. It signs nobody in.
 */

import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import { endSessionFromLink } from '../services/sessions';
import { type MailLinkTexts, registerMailLinkAction } from './mail-link-action';

export const endSessionTexts: MailLinkTexts = {
  title: 'Anmeldung beenden',
  intro:
    'Mit der Schaltfläche beenden Sie die Anmeldung, über die wir Sie per Email informiert haben: Das Gerät ist danach abgemeldet. Waren Sie es nicht selbst, ändern Sie bitte anschließend Ihr Passwort.',
  button: 'Diese Anmeldung beenden',
  done: 'Die Anmeldung ist beendet. Das Gerät muss sich neu anmelden, um wieder auf Ihr Konto zuzugreifen.',
  invalid: 'Dieser Link ist ungültig oder die Anmeldung ist bereits beendet.',
};

export async function endSessionRoutes(app: FastifyInstance, { db }: { db: Database }): Promise<void> {
  registerMailLinkAction(app, {
    path: '/end-session',
    texts: endSessionTexts,
    act: (token) => endSessionFromLink(db, token),
  });
}
