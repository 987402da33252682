import type { MouseEvent } from 'react';

/** The label of the skip link, the first tab stop of every page. */
export const SKIP_LINK_TEXT = 'Zum Inhalt springen';

/**
 * Jumps past the top bar and the navigation to the page's `<main>`: every page has one (the app
 * shell's, the entry layout's, the public pages'), so no page needs an id of its own.
 */
export function SkipLink() {
  const jump = (event: MouseEvent<HTMLAnchorElement>) => {
    const main = document.querySelector('main');
    if (!main) return;
    event.preventDefault();
    if (!main.hasAttribute('tabindex')) main.setAttribute('tabindex', '-1');
    main.focus();
  };
  return (
    // biome-ignore lint/a11y/useValidAnchor: a skip link is an in-page link (WCAG 2.4.1); the handler only finds the page's <main>, which has no id of its own
    <a href="#inhalt" className="skip-link" onClick={jump}>
      {SKIP_LINK_TEXT}
    </a>
  );
}
