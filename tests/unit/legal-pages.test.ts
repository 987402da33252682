import { describe, expect, it } from 'vitest';
import { withLegalFooter } from '../../server/services/mail-footer';
import {
  type CompanyDetails,
  fillCompanyPlaceholders,
  LEGAL_PAGES,
  legalPageByPath,
} from '../../src/domain/legal-pages';
import { legalMarkdown } from '../../src/features/legal/api/legal-texts';

const COMPANY: CompanyDetails = {
  name: 'Weinhandel Genf GmbH',
  address: 'Rue du Port 1, 1204 Genf',
  register: 'Amtsgericht München, HRB 12345',
  managingDirectors: 'Erika Muster',
  taxNumber: '143/123/45678',
  vatId: 'DE123456789',
  email: 'kontakt@weinhandel.example',
  phone: '+49 89 123456',
};

describe('legal texts', () => {
  it('has a Markdown text for each page that opens with the page title and is marked as a sample', () => {
    for (const page of LEGAL_PAGES) {
      const text = legalMarkdown(page.slug);
      expect(text.split('\n')[0]).toBe(`# ${page.title}`);
      expect(text).toContain('**Mustertext**');
    }
  });

  it('fills the Impressum with every detail § 5 DDG asks for from the configuration', () => {
    const text = fillCompanyPlaceholders(legalMarkdown('impressum'), COMPANY);
    for (const value of Object.values(COMPANY)) expect(text).toContain(value);
    expect(text).not.toMatch(/\{\{/);
  });

  it('names each missing detail as missing rather than inventing one without the configuration', () => {
    const text = fillCompanyPlaceholders('Anbieter: {{firma.name}}, {{firma.unbekannt}}', null);
    expect(text).toBe('Anbieter: (Angabe offline nicht verfügbar), {{firma.unbekannt}}');
  });

  it('names the en-primeur exception of § 312g Abs. 2 Nr. 5 BGB in the withdrawal sample', () => {
    // Non-breaking spaces keep "§ 312g" on one line; read as plain spaces here.
    expect(legalMarkdown('widerruf').replace(/\u00a0/g, ' ')).toContain('§ 312g Abs. 2 Nr. 5 BGB');
    expect(legalMarkdown('widerruf')).toContain('en primeur');
  });

  it('finds a page by its path, with or without a trailing slash', () => {
    expect(legalPageByPath('/impressum/')?.slug).toBe('impressum');
    expect(legalPageByPath('/nirgends')).toBeUndefined();
  });
});

describe('legal footer of mails', () => {
  const message = {
    to: 'a@example.com',
    subject: 'Betreff',
    text: 'Hallo',
    html: '<!doctype html><html><body><p>Hallo</p></body></html>',
  };

  it('adds the five links to the text and the HTML part, absolute to the portal', () => {
    const footed = withLegalFooter(message, 'https://portal.example/');
    expect(footed.text).toContain('Impressum: https://portal.example/impressum');
    expect(footed.text).toContain('Barrierefreiheit: https://portal.example/barrierefreiheit');
    expect(footed.html).toContain('<a href="https://portal.example/datenschutz">Datenschutz</a>');
    expect(footed.html?.indexOf('impressum')).toBeLessThan(footed.html?.indexOf('</body>') ?? 0);
  });

  it('leaves a text-only mail text-only', () => {
    const footed = withLegalFooter({ to: 'a@example.com', subject: 'S', text: 'T' }, 'http://localhost:4000');
    expect('html' in footed).toBe(false);
    expect(footed.text).toContain('AGB: http://localhost:4000/agb');
  });
});
