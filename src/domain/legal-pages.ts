/**
 * The legal pages every page, entry screen, public page and mail links to: Impressum (§ 5 DDG),
 * privacy notice, terms, withdrawal information and the accessibility statement (BFSG). One list,
 * so a footer, the router, the service worker's warm-up and the mail footer name the same pages.
 * Their texts are Markdown files in `content/legal/`, samples for the business's lawyer.
 */
export const LEGAL_PAGES = [
  { slug: 'impressum', path: '/impressum', title: 'Impressum', label: 'Impressum' },
  { slug: 'datenschutz', path: '/datenschutz', title: 'Datenschutzerklärung', label: 'Datenschutz' },
  { slug: 'agb', path: '/agb', title: 'Allgemeine Geschäftsbedingungen', label: 'AGB' },
  { slug: 'widerruf', path: '/widerruf', title: 'Widerrufsbelehrung', label: 'Widerruf' },
  {
    slug: 'barrierefreiheit',
    path: '/barrierefreiheit',
    title: 'Erklärung zur Barrierefreiheit',
    label: 'Barrierefreiheit',
  },
] as const;

export type LegalPage = (typeof LEGAL_PAGES)[number];
export type LegalSlug = LegalPage['slug'];

export function legalPageBySlug(slug: string): LegalPage | undefined {
  return LEGAL_PAGES.find((page) => page.slug === slug);
}

export function legalPath(slug: LegalSlug): string {
  return LEGAL_PAGES.find((page) => page.slug === slug)?.path ?? '/';
}

export function legalPageByPath(pathname: string): LegalPage | undefined {
  const trimmed = pathname.replace(/\/+$/, '') || '/';
  return LEGAL_PAGES.find((page) => page.path === trimmed);
}

/**
 * The business: what invoices, settlements and certificates name as issuer and what the Impressum
 * shows, read by the server from `COMPANY_*` (server/company.ts) and served at
 * `COMPANY_DETAILS_PATH` (public: the Impressum must be reachable without an account).
 */
export interface CompanyDetails {
  /** Legal name with its form, "Weindepot GmbH". */
  name: string;
  /** Postal address in one line, parts separated by commas: "Musterstraße 1, 12345 Musterstadt". */
  address: string;
  /** Register court and number, "Amtsgericht Musterstadt, HRB 00000". */
  register: string;
  managingDirectors: string;
  /** Steuernummer of the tax office. */
  taxNumber: string;
  /** USt-IdNr. */
  vatId: string;
  email: string;
  phone: string;
}

export const COMPANY_DETAILS_PATH = '/api/company';

export const COMPANY_PLACEHOLDERS = [
  'name',
  'address',
  'register',
  'managingDirectors',
  'taxNumber',
  'vatId',
  'email',
  'phone',
] as const satisfies readonly (keyof CompanyDetails)[];

/**
 * A legal text with its `{{firma.name}}`-style placeholders filled. Without the details (offline
 * on a device that never fetched them) each placeholder reads as what is missing, never as a
 * made-up value.
 */
export function fillCompanyPlaceholders(markdown: string, company: CompanyDetails | null): string {
  return markdown.replace(/\{\{firma\.(\w+)\}\}/g, (whole, key: string) => {
    if (!(COMPANY_PLACEHOLDERS as readonly string[]).includes(key)) return whole;
    return company ? company[key as keyof CompanyDetails] : '(Angabe offline nicht verfügbar)';
  });
}
