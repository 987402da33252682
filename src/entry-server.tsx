/**
 * The server's render of the public first screens (`SERVER_RENDERED_PAGES`): the same providers,
 * theme and routes as `main.tsx`, without a session, into a string the server puts into `#root`.
 * The client takes it over with `hydrateRoot`. Built with `vite build --ssr` (server/first-screen.ts).
 */
import { dehydrate, QueryClient } from '@tanstack/react-query';
import { GraphQLClient } from 'graphql-request';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { matchPath, StaticRouter } from 'react-router-dom';
import { createSessionStore } from './api/session/session-store';
import { AppProviders, type AppServices, MantineGlobalStyles } from './app/AppProviders';
import { AppRoutes, preloadRoute } from './app/router';
import { offerRedirectLwin11 } from './domain/offer-display';
import { offerPageQueryOptions } from './features/offers/api/offers';
import { offerPath } from './features/offers/ui/offer-links';
import type { FirstScreenOptions, FirstScreenRedirect, RenderFirstScreen } from './routes/first-screen';
import { ENTRY_ROUTE_PATHS } from './routes/route-paths';

/** Nothing is stored on the server: every render is a visitor without a session. */
const noStorage: Storage = {
  length: 0,
  clear: () => {},
  getItem: () => null,
  key: () => null,
  removeItem: () => {},
  setItem: () => {},
};

type Prefetched = { ok: true } | { ok: false } | FirstScreenRedirect;

/** Fetches what the page's first render shows; not ok when it could not (the client renders then). */
async function prefetch(
  pathname: string,
  queryClient: QueryClient,
  apiClient: GraphQLClient,
): Promise<Prefetched> {
  const lwin11 = matchPath(ENTRY_ROUTE_PATHS.offer, pathname)?.params.id;
  if (!lwin11) return { ok: true };
  const options = offerPageQueryOptions(apiClient, lwin11);
  await queryClient.prefetchQuery(options);
  const page = queryClient.getQueryData(options.queryKey);
  if (!page) return { ok: false };
  const redirectLwin11 = offerRedirectLwin11(lwin11, page.offer !== null, page.firstAvailableLwin11);
  return redirectLwin11 ? { redirectTo: offerPath('public', redirectLwin11) } : { ok: true };
}

export const renderFirstScreen: RenderFirstScreen = async (url, options: FirstScreenOptions) => {
  const pathname = new URL(url, 'http://localhost').pathname;
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 60_000 } } });
  const apiClient = new GraphQLClient(options.graphqlEndpoint, { fetch: options.fetch });
  const services: AppServices = { sessionStore: createSessionStore(noStorage), queryClient, apiClient };
  const prefetched = await prefetch(pathname, queryClient, apiClient);
  if ('redirectTo' in prefetched) return prefetched;
  if (!prefetched.ok) return null;
  await preloadRoute(pathname);
  const html = renderToString(
    <StrictMode>
      <AppProviders services={services} globalStylesInHead>
        <StaticRouter location={url}>
          <AppRoutes />
        </StaticRouter>
      </AppProviders>
    </StrictMode>,
  );
  const head = renderToString(<MantineGlobalStyles />);
  const queries = dehydrate(queryClient);
  queryClient.clear();
  return { html, head, queries };
};
