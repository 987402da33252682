/** Pages of the public website the portal links to (footer, start page). The legal pages are the portal's own (legal-pages.ts). */
export const EXTERNAL_LINKS = {
  blog: 'https://www.weindepot.example/blog',
  aboutUs: 'https://www.weindepot.example/ueber-uns',
  faq: 'https://www.weindepot.example/faq',
} as const;

export const FOOTER_LINKS: ReadonlyArray<{ label: string; href: string }> = [
  { label: 'Blog', href: EXTERNAL_LINKS.blog },
  { label: 'Über uns', href: EXTERNAL_LINKS.aboutUs },
];
