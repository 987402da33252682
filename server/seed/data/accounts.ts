/** The demo accounts. All share the demo password; the server prints them on start. */

export const DEMO_PASSWORD = 'Weindepot2026!';

export type AccountKey = 'kunde' | 'neukunde' | 'berater' | 'thomas' | 'firma';

export interface AccountSeed {
  key: AccountKey;
  email: string;
  description: string;
  salutation: 'Herr' | 'Frau';
  title: string | null;
  firstName: string;
  lastName: string;
  company: string | null;
  /** USt-IdNr.: with the company, the account is a business client and gets e-invoices. */
  vatId?: string;
  phone: string | null;
  streetAndNumber: string | null;
  postalCode: string | null;
  city: string | null;
  country: string;
  newsletter: boolean;
  isStaff: boolean;
  isSuperuser: boolean;
  blockedByOrderCheck: boolean;
  joinedDaysAgo: number;
  lastLoginDaysAgo: number | null;
}

export const accountSeeds: readonly AccountSeed[] = [
  {
    key: 'kunde',
    email: 'kunde@example.com',
    description: 'Kundin mit Depot, Rechnungen und Beraterangebot',
    salutation: 'Frau',
    title: null,
    firstName: 'Anna',
    lastName: 'Berger',
    company: null,
    phone: '+49 89 12345678',
    streetAndNumber: 'Maximilianstraße 12',
    postalCode: '80539',
    city: 'München',
    country: 'DE',
    newsletter: true,
    isStaff: false,
    isSuperuser: false,
    blockedByOrderCheck: false,
    joinedDaysAgo: 1100,
    lastLoginDaysAgo: 2,
  },
  {
    key: 'neukunde',
    email: 'neukunde@example.com',
    description: 'Neuer Kunde ohne Anlegerprofil und ohne Rechnungen (Fragebogen beim ersten Login)',
    salutation: 'Herr',
    title: null,
    firstName: 'Jonas',
    lastName: 'Neumann',
    company: null,
    phone: null,
    streetAndNumber: null,
    postalCode: null,
    city: null,
    country: 'DE',
    newsletter: false,
    isStaff: false,
    isSuperuser: false,
    blockedByOrderCheck: false,
    joinedDaysAgo: 2,
    lastLoginDaysAgo: null,
  },
  {
    key: 'berater',
    email: 'berater@example.com',
    description: 'Berater mit Zugang zum Management (Superuser)',
    salutation: 'Herr',
    title: null,
    firstName: 'Maximilian',
    lastName: 'Roth',
    company: 'Weindepot',
    phone: '+49 89 20300400',
    streetAndNumber: 'Brienner Straße 45',
    postalCode: '80333',
    city: 'München',
    country: 'DE',
    newsletter: false,
    isStaff: true,
    isSuperuser: true,
    blockedByOrderCheck: false,
    joinedDaysAgo: 1500,
    lastLoginDaysAgo: 1,
  },
  {
    key: 'thomas',
    email: 'thomas.keller@example.com',
    description: 'Kunde mit verbindlicher Bestellung in Prüfung (Orderliste gesperrt)',
    salutation: 'Herr',
    title: 'Dr.',
    firstName: 'Thomas',
    lastName: 'Keller',
    company: null,
    phone: '+49 211 98765432',
    streetAndNumber: 'Königsallee 58',
    postalCode: '40212',
    city: 'Düsseldorf',
    country: 'DE',
    newsletter: true,
    isStaff: false,
    isSuperuser: false,
    blockedByOrderCheck: true,
    joinedDaysAgo: 30,
    lastLoginDaysAgo: 2,
  },
  {
    key: 'firma',
    email: 'firma@example.com',
    description: 'Firmenkunde (Firma und USt-IdNr.) mit bezahlter Rechnung als E-Rechnung (Factur-X)',
    salutation: 'Frau',
    title: null,
    firstName: 'Clara',
    lastName: 'Vogt',
    company: 'Vogt Weinkontor GmbH',
    vatId: 'DE999999999',
    phone: '+49 40 3012345',
    streetAndNumber: 'Große Elbstraße 145',
    postalCode: '22767',
    city: 'Hamburg',
    country: 'DE',
    newsletter: false,
    isStaff: false,
    isSuperuser: false,
    blockedByOrderCheck: false,
    joinedDaysAgo: 90,
    lastLoginDaysAgo: 5,
  },
];
