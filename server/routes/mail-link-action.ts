/**
 * A mailed link that does one thing for its token (lift a sign-in ceiling, end a session): opening
 * it shows the action's button, so a mail scanner fetching the link changes nothing; pressing it
 * posts back and does it once. It signs nobody in.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { escapeHtml, page } from './checkout-pages';

const TOKEN = /^[A-Za-z0-9_-]{16,128}$/;

const LOGIN_LINK = '<p><a href="/login">Zur Anmeldung</a></p>';

export interface MailLinkTexts {
  title: string;
  intro: string;
  button: string;
  done: string;
  invalid: string;
}

export interface MailLinkAction {
  /** The route's first segment, e.g. `/unlock` (the token follows). */
  path: string;
  texts: MailLinkTexts;
  /** Does the action for the token; false when the token is unknown, used or expired. */
  act: (token: string) => Promise<boolean>;
}

const html = (reply: FastifyReply, status: number, body: string) =>
  reply
    .code(status)
    .header('cache-control', 'private, no-store')
    .header('referrer-policy', 'no-referrer')
    .type('text/html; charset=utf-8')
    .send(body);

const notice = (texts: MailLinkTexts, kind: 'success' | 'error', text: string) =>
  page(texts.title, `<h1>${texts.title}</h1><p class="notice ${kind}">${text}</p>${LOGIN_LINK}`);

/** Registers `GET` (the button) and `POST` (the action) of `<path>/:token` inside the calling plugin. */
export function registerMailLinkAction(app: FastifyInstance, { path, texts, act }: MailLinkAction): void {
  // The button's form posts nothing the route reads; the body only has to be accepted.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, body),
  );

  app.get<{ Params: { token: string } }>(`${path}/:token`, async (request, reply) => {
    if (!TOKEN.test(request.params.token)) return html(reply, 404, notice(texts, 'error', texts.invalid));
    const action = `${path}/${encodeURIComponent(request.params.token)}`;
    return html(
      reply,
      200,
      page(
        texts.title,
        `<h1>${texts.title}</h1><p>${escapeHtml(texts.intro)}</p><form method="post" action="${action}"><button type="submit">${texts.button}</button></form>`,
      ),
    );
  });

  app.post<{ Params: { token: string } }>(`${path}/:token`, async (request, reply) => {
    if (!TOKEN.test(request.params.token) || !(await act(request.params.token))) {
      return html(reply, 410, notice(texts, 'error', texts.invalid));
    }
    return html(reply, 200, notice(texts, 'success', texts.done));
  });
}
