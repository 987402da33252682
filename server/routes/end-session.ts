/**
 * `/end-session/<token>`: the link of the "Neue Anmeldung bei Weindepot" mail. Opening it shows a
 * button (a mail scanner fetching the link ends nothing); pressing it ends that one session on
 * every instance. It signs nobody in.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Database } from '../db/client';
import { endSessionFromLink } from '../services/sessions';
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

export const endSessionTexts = {
  title: 'Anmeldung beenden',
  intro:
    'Mit der Schaltfläche beenden Sie die Anmeldung, über die wir Sie per Email informiert haben: Das Gerät ist danach abgemeldet. Waren Sie es nicht selbst, ändern Sie bitte anschließend Ihr Passwort.',
  button: 'Diese Anmeldung beenden',
  done: 'Die Anmeldung ist beendet. Das Gerät muss sich neu anmelden, um wieder auf Ihr Konto zuzugreifen.',
  invalid: 'Dieser Link ist ungültig oder die Anmeldung ist bereits beendet.',
};

const invalidPage = () =>
  page(
    endSessionTexts.title,
    `<h1>${endSessionTexts.title}</h1><p class="notice error">${endSessionTexts.invalid}</p>${loginLink}`,
  );

export async function endSessionRoutes(app: FastifyInstance, { db }: { db: Database }): Promise<void> {
  // The button's form posts nothing the route reads; the body only has to be accepted.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, body),
  );

  app.get<{ Params: { token: string } }>('/end-session/:token', async (request, reply) => {
    if (!TOKEN.test(request.params.token)) return html(reply, 404, invalidPage());
    const action = `/end-session/${encodeURIComponent(request.params.token)}`;
    return html(
      reply,
      200,
      page(
        endSessionTexts.title,
        `<h1>${endSessionTexts.title}</h1><p>${escapeHtml(endSessionTexts.intro)}</p><form method="post" action="${action}"><button type="submit">${endSessionTexts.button}</button></form>`,
      ),
    );
  });

  app.post<{ Params: { token: string } }>('/end-session/:token', async (request, reply) => {
    if (!TOKEN.test(request.params.token) || !(await endSessionFromLink(db, request.params.token))) {
      return html(reply, 410, invalidPage());
    }
    return html(
      reply,
      200,
      page(
        endSessionTexts.title,
        `<h1>${endSessionTexts.title}</h1><p class="notice success">${endSessionTexts.done}</p>${loginLink}`,
      ),
    );
  });
}
