/** Pages of the public website the portal links to (footer, consent checkboxes). */
export const EXTERNAL_LINKS = {
  blog: 'https://www.weindepot.example/blog',
  imprint: 'https://www.weindepot.example/impressum',
  aboutUs: 'https://www.weindepot.example/ueber-uns',
  terms: 'https://www.weindepot.example/agb',
  privacy: 'https://www.weindepot.example/datenschutz',
  faq: 'https://www.weindepot.example/faq',
} as const;

export const FOOTER_LINKS: ReadonlyArray<{ label: string; href: string }> = [
  { label: 'Blog', href: EXTERNAL_LINKS.blog },
  { label: 'Impressum', href: EXTERNAL_LINKS.imprint },
  { label: 'Über uns', href: EXTERNAL_LINKS.aboutUs },
  { label: 'AGB', href: EXTERNAL_LINKS.terms },
  { label: 'Datenschutz', href: EXTERNAL_LINKS.privacy },
];
