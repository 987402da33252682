/** The label of the skip link, the first tab stop of every page. */
export const SKIP_LINK_TEXT = 'Zum Inhalt springen';

/** The id of every layout's `<main>` (focusable by script, tabindex -1): the skip link's target. */
export const MAIN_CONTENT_ID = 'inhalt';

/**
 * Jumps past the top bar and the navigation to the page's `<main>`. A plain in-page link, so it
 * works on a server-rendered page before its JavaScript has taken over.
 */
export function SkipLink() {
  return (
    <a href={`#${MAIN_CONTENT_ID}`} className="skip-link">
      {SKIP_LINK_TEXT}
    </a>
  );
}
