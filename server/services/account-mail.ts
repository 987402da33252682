import type { MailMessage } from './mail';
import { escapeHtml, letterGreeting, mailDocument } from './mail-templates';

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
  const subject = 'Bitte bestätigen Sie Ihre neue Emailadresse';
  return {
    to: newEmail,
    subject,
    text: [...paragraphs, `Emailadresse bestätigen: ${link}`, signature].join('\n\n'),
    html: mailDocument(
      subject,
      [
        ...paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
        `<p><a href="${escapeHtml(link)}">Emailadresse bestätigen</a></p>`,
        `<p>${escapeHtml(signature).replace(/\n/g, '<br>')}</p>`,
      ].join('\n'),
    ),
  };
}

/**
 * Sent to an address that another account asked to take over although it belongs to an account
 * already: nothing changes; the owner learns of the attempt (the requester learns nothing).
 */
export function emailTakenNoticeMail(address: string): MailMessage {
  const paragraphs = [
    'Guten Tag,',
    'für ein anderes Weindepot-Konto wurde gerade angefragt, diese Emailadresse als neue Adresse einzutragen. Da sie bereits zu einem Weindepot-Konto gehört, haben wir nichts geändert.',
    'Falls Sie das selbst waren: Sie können sich weiterhin mit dieser Emailadresse anmelden. Falls nicht, müssen Sie nichts tun.',
  ];
  const signature = 'Herzliche Grüße\nIhr Weindepot-Team';
  const subject = 'Ihre Emailadresse sollte in ein anderes Konto eingetragen werden';
  return {
    to: address,
    subject,
    text: [...paragraphs, signature].join('\n\n'),
    html: mailDocument(
      subject,
      [...paragraphs, signature]
        .map((part) => `<p>${escapeHtml(part).replace(/\n/g, '<br>')}</p>`)
        .join('\n'),
    ),
  };
}

/**
 * A message from the contact form to the service team. The sender is the signed-in client (name
 * and address of the account, also the mail's Reply-To); what the client typed as name or reply
 * address is shown only as given ("Antwort an"), never as the sender.
 */
export function contactFormMail(
  to: string,
  client: { name: string; email: string },
  given: { sender: string; replyAddress: string },
  message: string,
): MailMessage {
  const lines = [`Nachricht von ${client.name} <${client.email}> (Kundenkonto):`];
  if (given.sender && given.sender !== client.name) lines.push(`Angegebener Name: ${given.sender}`);
  if (given.replyAddress && given.replyAddress !== client.email)
    lines.push(`Antwort an: ${given.replyAddress}`);
  const head = lines.join('\n');
  const subject = `Kontaktanfrage von ${client.name}`;
  return {
    to,
    replyTo: client.email,
    subject,
    text: [head, message].join('\n\n'),
    html: mailDocument(
      subject,
      `<p>${escapeHtml(head).replace(/\n/g, '<br>')}</p><p>${escapeHtml(message).replace(/\n/g, '<br>')}</p>`,
    ),
  };
}
