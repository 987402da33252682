/**
 * The first screen sent as HTML: the paths the server renders with React before
 * any JavaScript runs, and how the page hands the server's query answers to the client. Plain
 * TypeScript (no React): the server reads it as well as the PWA.
 */

const ENTRY_SCREEN = 'src/features/entry/ui/EntryScreen.tsx';

/**
 * The public pages rendered on the server (Fastify's path syntax, the same as the router's for
 * these), each with the source of its split-off screen: the server links that chunk's style sheets
 * from the page's head (read from the build manifest), so the markup is styled at its first paint.
 * Only pages without a session: a signed-in user's data is never rendered on the server.
 */
export const SERVER_RENDERED_PAGES = [
  { path: '/', screen: ENTRY_SCREEN },
  { path: '/login', screen: ENTRY_SCREEN },
  { path: '/angebot/:id', screen: 'src/features/offers/ui/PublicOfferScreen.tsx' },
] as const;

/** The `<script type="application/json">` element holding the server's query answers. */
export const FIRST_SCREEN_DATA_ID = 'first-screen-data';

/** What the server's render of a page gives: the markup of `#root` and the answers it used. */
export interface FirstScreen {
  html: string;
  /**
   * Mantine's global `<style>` elements (CSS variables, classes) for the page's head: in `#root`
   * they would be invalid HTML (a `:root` rule in a body `<style>`), so the server's render leaves
   * them out there and the client, taking the page over, too (`globalStylesInHead`).
   */
  head: string;
  /** TanStack Query's dehydrated state (JSON), put into the client's cache before it hydrates. */
  queries: unknown;
}

/** The page moves on at once (an offer page without offer, see `offerRedirectLwin11`). */
export interface FirstScreenRedirect {
  redirectTo: string;
}

export interface FirstScreenOptions {
  /** Absolute address of the GraphQL endpoint. */
  graphqlEndpoint: string;
  /** Answers the GraphQL requests of the render (the server's own GraphQL handler, no network). */
  fetch: (input: string | URL | Request, init?: RequestInit) => Promise<Response>;
}

/** The server bundle's export (`src/entry-server.tsx`); null when the page cannot be rendered there. */
export type RenderFirstScreen = (
  url: string,
  options: FirstScreenOptions,
) => Promise<FirstScreen | FirstScreenRedirect | null>;
