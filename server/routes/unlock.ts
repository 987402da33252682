/**
 * `/unlock/<token>`: the link of the mail sent when the sign-in ceiling of an address was reached
 * (many failed sign-ins from many addresses). Opening it shows a button (a mail scanner fetching
 * the link changes nothing); pressing it lifts the ceiling once. It signs nobody in.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Database } from '../db/client';
import { unlockLogin } from '../services/auth';
import { authMessages } from '../services/auth-validation';
import { escapeHtml, page } from './checkout-pages';

const TOKEN = /^[A-Za-z0-9_-]{16,128}$/;

const html = (reply: FastifyReply, status: number, body: string) =>
  reply
    .code(status)
    .header('cache-control', 'private, no-store')
    .header('referrer-policy', 'no-referrer')
    .type('text/html; charset=utf-8')
    .send(body);

const loginLink = '<p><a href="/login">Zur Anmeldung</a></p>';

export const unlockTexts = {
  title: 'Anmeldung entsperren',
  intro:
    'Für Ihre Emailadresse gab es ungewöhnlich viele fehlgeschlagene Anmeldeversuche, deshalb ist die Anmeldung vorübergehend gesperrt. Mit der Schaltfläche heben Sie die Sperre auf; danach melden Sie sich wie gewohnt mit Ihrem Passwort an.',
  button: 'Sperre aufheben',
  done: 'Die Sperre ist aufgehoben. Sie können sich jetzt wieder mit Ihrer Emailadresse und Ihrem Passwort anmelden.',
  invalid: authMessages.unlockInvalid,
};

const invalidPage = () =>
  page(
    unlockTexts.title,
    `<h1>${unlockTexts.title}</h1><p class="notice error">${unlockTexts.invalid}</p>${loginLink}`,
  );

export async function unlockRoutes(app: FastifyInstance, { db }: { db: Database }): Promise<void> {
  // The button's form posts nothing the route reads; the body only has to be accepted.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, body),
  );

  app.get<{ Params: { token: string } }>('/unlock/:token', async (request, reply) => {
    if (!TOKEN.test(request.params.token)) return html(reply, 404, invalidPage());
    const action = `/unlock/${encodeURIComponent(request.params.token)}`;
    return html(
      reply,
      200,
      page(
        unlockTexts.title,
        `<h1>${unlockTexts.title}</h1><p>${escapeHtml(unlockTexts.intro)}</p><form method="post" action="${action}"><button type="submit">${unlockTexts.button}</button></form>`,
      ),
    );
  });

  app.post<{ Params: { token: string } }>('/unlock/:token', async (request, reply) => {
    if (!TOKEN.test(request.params.token) || !(await unlockLogin(db, request.params.token))) {
      return html(reply, 410, invalidPage());
    }
    return html(
      reply,
      200,
      page(
        unlockTexts.title,
        `<h1>${unlockTexts.title}</h1><p class="notice success">${unlockTexts.done}</p>${loginLink}`,
      ),
    );
  });
}
