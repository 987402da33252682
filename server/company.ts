/**
 * The business that issues invoices, settlements and certificates: its legal name, address,
 * commercial register, managing directors, tax number, VAT id and contact, from the environment
 * (`COMPANY_*`, README). Outside production the demo values stand in; they are fictitious on their
 * face (Musterstadt, HRB 00000, DE000000000), so a demo document can never pass as a real one.
 * In production every one of them must be set: an invoice without them is no invoice.
 */
import type { CompanyDetails } from '../src/domain/legal-pages';

/** Defined with the legal pages, which show the same details (src/domain/legal-pages.ts). */
export type { CompanyDetails } from '../src/domain/legal-pages';

/** Each detail and the variable it is read from. */
export const COMPANY_VARIABLES = {
  name: 'COMPANY_NAME',
  address: 'COMPANY_ADDRESS',
  register: 'COMPANY_REGISTER',
  managingDirectors: 'COMPANY_MANAGING_DIRECTORS',
  taxNumber: 'COMPANY_TAX_NUMBER',
  vatId: 'COMPANY_VAT_ID',
  email: 'COMPANY_EMAIL',
  phone: 'COMPANY_PHONE',
} as const satisfies Record<keyof CompanyDetails, string>;

export const DEMO_COMPANY: CompanyDetails = {
  name: 'Weindepot Muster GmbH (Demo)',
  address: 'Musterstraße 1, 12345 Musterstadt',
  register: 'Amtsgericht Musterstadt, HRB 00000',
  managingDirectors: 'Erika Mustermann, Max Mustermann',
  taxNumber: '000/000/00000',
  vatId: 'DE000000000',
  email: 'service@weindepot.example',
  phone: '+49 000 0000000',
};

/** The demo values as environment variables, for tests and benches that start a production server. */
export const DEMO_COMPANY_ENV: Record<string, string> = Object.fromEntries(
  Object.entries(COMPANY_VARIABLES).map(([key, variable]) => [
    variable,
    DEMO_COMPANY[key as keyof CompanyDetails],
  ]),
);

/**
 * The company from the environment. With `NODE_ENV=production` a missing detail stops the start
 * (naming every missing variable); otherwise the demo value fills it.
 */
export function companyDetails(env: NodeJS.ProcessEnv): CompanyDetails {
  const production = env.NODE_ENV === 'production';
  const keys = Object.keys(COMPANY_VARIABLES) as (keyof CompanyDetails)[];
  const missing = keys
    .filter((key) => !env[COMPANY_VARIABLES[key]]?.trim())
    .map((key) => COMPANY_VARIABLES[key]);
  if (production && missing.length > 0) {
    throw new Error(
      `NODE_ENV=production braucht die Angaben des Unternehmens für Rechnungen: ${missing.join(', ')} ${missing.length === 1 ? 'fehlt' : 'fehlen'} (siehe README).`,
    );
  }
  const value = (key: keyof CompanyDetails) => env[COMPANY_VARIABLES[key]]?.trim() || DEMO_COMPANY[key];
  return {
    name: value('name'),
    address: value('address'),
    register: value('register'),
    managingDirectors: value('managingDirectors'),
    taxNumber: value('taxNumber'),
    vatId: value('vatId'),
    email: value('email'),
    phone: value('phone'),
  };
}

/** The address as lines ("Musterstraße 1", "12345 Musterstadt"). */
export const companyAddressLines = (company: CompanyDetails): string[] =>
  company.address
    .split(/\s*[,\n]\s*/)
    .map((line) => line.trim())
    .filter(Boolean);

/** The sender line above the recipient's address: "Weindepot GmbH · Musterstraße 1 · 12345 Musterstadt". */
export const companySenderLine = (company: CompanyDetails): string =>
  [company.name, ...companyAddressLines(company)].join(' · ');

/** The legal footer of every page of a document the business issues. */
export function companyFooterLines(company: CompanyDetails): string[] {
  return [
    `${companySenderLine(company)} · ${company.email} · ${company.phone}`,
    `${company.register} · Geschäftsführung: ${company.managingDirectors} · Steuernummer ${company.taxNumber} · USt-IdNr. ${company.vatId}`,
  ];
}
