import type { MailMessage } from './mail';
import { letterGreeting } from './mail-templates';

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

interface Addressee {
  salutation: string | null;
  title: string | null;
  firstName: string;
  lastName: string;
}

/** Sent to the NEW address; the change applies once the link is opened. */
export function emailChangeMail(person: Addressee, newEmail: string, link: string): MailMessage {
  const paragraphs = [
    letterGreeting({ ...person, email: newEmail }),
    'Sie möchten die Emailadresse Ihres Weindepot-Kontos ändern. Bitte bestätigen Sie Ihre neue Emailadresse über den folgenden Link.',
    'Der Link ist 24 Stunden gültig. Bis dahin melden Sie sich weiter mit Ihrer bisherigen Emailadresse an. Falls Sie die Änderung nicht veranlasst haben, können Sie diese Email ignorieren.',
  ];
  const signature = 'Herzliche Grüße\nIhr Weindepot-Team';
  return {
    to: newEmail,
    subject: 'Bitte bestätigen Sie Ihre neue Emailadresse',
    text: [...paragraphs, `Emailadresse bestätigen: ${link}`, signature].join('\n\n'),
    html: [
      ...paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
      `<p><a href="${escapeHtml(link)}">Emailadresse bestätigen</a></p>`,
      `<p>${escapeHtml(signature).replace(/\n/g, '<br>')}</p>`,
    ].join('\n'),
  };
}

/** A message from the contact form to the service team. */
export function contactFormMail(
  to: string,
  senderEmail: string,
  sender: string,
  message: string,
): MailMessage {
  const text = [`Nachricht von ${sender} <${senderEmail}>:`, message].join('\n\n');
  return {
    to,
    subject: `Kontaktanfrage von ${sender}`,
    text,
    html: `<p>${escapeHtml(`Nachricht von ${sender} <${senderEmail}>:`)}</p><p>${escapeHtml(message).replace(/\n/g, '<br>')}</p>`,
  };
}
