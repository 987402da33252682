import type { MailMessage } from './mail';
import { escapeHtml } from './mail-escape';

interface Addressee {
  email: string;
  salutation: string | null;
  title: string | null;
  firstName: string;
  lastName: string;
}

/** "Sehr geehrte Frau Dr. Berger" / "Sehr geehrter Herr Keller" / "Guten Tag Anna Berger". */
export function letterGreeting(person: Addressee): string {
  const name = [person.title, person.lastName].filter(Boolean).join(' ');
  if (person.salutation === 'Frau') return `Sehr geehrte Frau ${name},`;
  if (person.salutation === 'Herr') return `Sehr geehrter Herr ${name},`;
  return `Guten Tag ${[person.firstName, person.lastName].filter(Boolean).join(' ')},`;
}

const signature = ['Herzliche Grüße', 'Ihr Weindepot-Team', '', 'Zollfreilager Genf · 100 % versichert'].join(
  '\n',
);

export { escapeHtml } from './mail-escape';

/**
 * The HTML part of a mail as a whole document (doctype, language, the subject as title): mail
 * clients show a fragment too, but screen readers need the language, and a document is valid HTML.
 * No `<style>`: many mail clients drop it, so whatever styling a mail gets stays inline.
 */
export function mailDocument(subject: string, body: string): string {
  return `<!doctype html><html lang="de"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(subject)}</title></head><body>\n${body}\n</body></html>`;
}

/** A mail of the portal: paragraphs, an optional link and the signature, as text and as escaped HTML. */
export function composeMail(
  to: string,
  subject: string,
  paragraphs: string[],
  link?: { url: string; label: string },
): MailMessage {
  const text = [...paragraphs, ...(link ? [`${link.label}: ${link.url}`] : []), '', signature].join('\n\n');
  const body = [
    ...paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
    link ? `<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>` : '',
    `<p>${escapeHtml(signature).replace(/\n/g, '<br>')}</p>`,
  ].join('\n');
  return { to, subject, text, html: mailDocument(subject, body) };
}

export function activationMail(person: Addressee, link: string): MailMessage {
  return composeMail(
    person.email,
    'Bitte bestätigen Sie Ihre Emailadresse',
    [
      letterGreeting(person),
      'vielen Dank für Ihre Registrierung im Weindepot. Bitte bestätigen Sie Ihre Emailadresse, um Ihr Nutzerkonto zu aktivieren.',
      'Der Link ist 14 Tage gültig. Falls Sie sich nicht registriert haben, können Sie diese Email ignorieren.',
    ],
    { url: link, label: 'Nutzerkonto aktivieren' },
  );
}

export function passwordResetMail(person: Addressee, link: string): MailMessage {
  return composeMail(
    person.email,
    'Ihr Link zur Passwortwiederherstellung',
    [
      letterGreeting(person),
      'Sie haben ein neues Passwort für Ihr Weindepot-Konto angefordert. Über den folgenden Link können Sie es festlegen.',
      'Der Link ist zwei Stunden gültig und kann nur einmal verwendet werden. Falls Sie kein neues Passwort angefordert haben, können Sie diese Email ignorieren.',
    ],
    { url: link, label: 'Neues Passwort festlegen' },
  );
}

/** Sent when the sign-in ceiling of the address was reached (many failures from many addresses). */
export function loginUnlockMail(person: Addressee, link: string): MailMessage {
  return composeMail(
    person.email,
    'Ungewöhnlich viele Anmeldeversuche bei Ihrem Weindepot-Konto',
    [
      letterGreeting(person),
      'für Ihr Weindepot-Konto gab es in der letzten Stunde ungewöhnlich viele fehlgeschlagene Anmeldeversuche. Zu Ihrem Schutz haben wir die Anmeldung mit Ihrer Emailadresse vorübergehend gesperrt.',
      'Über den folgenden Link heben Sie die Sperre auf; danach melden Sie sich wie gewohnt mit Ihrem Passwort an. Der Link ist 30 Minuten gültig und kann nur einmal verwendet werden. Falls Sie Ihr Passwort nicht sicher gewählt haben, ändern Sie es bitte anschließend in Ihren Kontoeinstellungen.',
    ],
    { url: link, label: 'Anmeldung entsperren' },
  );
}

/** Sent when the account signs in on a device it has not signed in from before. */
export function newDeviceMail(
  person: Addressee,
  signIn: { time: string; device: string; location: string; endLink: string },
): MailMessage {
  return composeMail(
    person.email,
    'Neue Anmeldung bei Weindepot',
    [
      letterGreeting(person),
      'Ihr Weindepot-Konto wurde soeben auf einem Gerät angemeldet, mit dem Sie sich bisher nicht angemeldet hatten:',
      `Zeitpunkt: ${signIn.time} Uhr`,
      `Gerät: ${signIn.device}`,
      `Ungefährer Ort (Netzbereich): ${signIn.location}`,
      'Waren Sie das, ist nichts weiter zu tun. Falls nicht, beenden Sie diese Anmeldung über den folgenden Link und ändern Sie anschließend Ihr Passwort. Unter „Accounteinstellungen“ › „Angemeldete Geräte“ sehen Sie alle Anmeldungen Ihres Kontos.',
    ],
    { url: signIn.endLink, label: 'Diese Anmeldung beenden' },
  );
}
