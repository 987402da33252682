// Only the first screens' styles block the first paint; the rest comes with the code that needs it (lazyComponent).
import './components/styles/first-screen.css';
import { hydrate } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { createApiClient } from './api/client';
import { refreshSessionToken } from './api/session/refresh-token';
import { createSessionStore, deviceUserKey } from './api/session/session-store';
import { AppProviders, type AppServices } from './app/AppProviders';
import { captureInstallPrompt } from './app/pwa/install-prompt';
import { showUpdatePrompt } from './app/pwa/update-prompt';
import { createQueryClient } from './app/query-client';
import { AppRoutes, preloadRoute } from './app/router';
import { registerServiceWorker } from './app/service-worker-registration';
import { endSession } from './app/session/end-session';
import { startTokenRefresh } from './app/session/token-refresh';
import { deviceStorage } from './db/device-storage';
import { loadDatabase } from './db/load-database';
import { createQueryPersister } from './db/query-persister';
import { FIRST_SCREEN_DATA_ID } from './routes/first-screen';

captureInstallPrompt(window);

const sessionStore = createSessionStore(deviceStorage(window), window);
/** The signed-in user's key on this device (their rows in IndexedDB, their sync time), or none. */
const currentUserKey = () => {
  const session = sessionStore.getSession();
  return session ? deviceUserKey(session.user) : null;
};
const queryClient = createQueryClient({
  persister: createQueryPersister(currentUserKey, __APP_BUILD_ID__),
});
// A signed-in start reads the screen's data from IndexedDB: fetch and open the device database
// now, beside the screen's code, instead of when the first query mounts.
if (sessionStore.getSession())
  void loadDatabase()
    .then((database) => database.open())
    // Only a head start: the first query opens it again and reports what goes wrong.
    .catch(() => undefined);
const services: AppServices = {
  sessionStore,
  queryClient,
  apiClient: createApiClient({
    endpoint: new URL('/graphql', window.location.origin).href,
    getToken: sessionStore.getToken,
    onUnauthenticated: () => void endSession(sessionStore, queryClient),
  }),
};
// A signed-in start asks for the opened screen's main data now, beside the screen's code, instead
// of after the app's first render (the 2,000-position depot); a small chunk of its own.
const startScreenData = () =>
  void import('./app/route-data')
    .then(({ startRouteData }) =>
      startRouteData(window.location.pathname, { ...services, userKey: currentUserKey() }),
    )
    .catch(() => undefined);
if (sessionStore.getSession()) startScreenData();
// So does a sign-in on this page, for the page it leads to (a bookmarked depot): the login form
// navigates right after signing in, so the address is that page's once the form's handler is done,
// before the frame's code has rendered (which started it ≈ a frame or more later).
let signedIn = sessionStore.getSession() !== null;
sessionStore.subscribe(() => {
  const now = sessionStore.getSession() !== null;
  if (now && !signedIn) queueMicrotask(startScreenData);
  signedIn = now;
});
startTokenRefresh({
  sessionStore,
  refresh: (token) => refreshSessionToken(services.apiClient, token),
  target: window,
});

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('#root fehlt in index.html');

// The server sent the page as HTML (a public first screen, rendered without a session): the app
// takes it over with the server's query answers. A signed-in user's page is rendered here anew,
// as is the app shell the service worker answers with (empty #root).
const serverRendered = rootElement.hasChildNodes() && sessionStore.getSession() === null;
const firstScreenData = document.getElementById(FIRST_SCREEN_DATA_ID);
if (serverRendered && firstScreenData?.textContent)
  hydrate(queryClient, JSON.parse(firstScreenData.textContent));
firstScreenData?.remove();

// The page's own code first (in parallel), then one render without a loading fallback.
void preloadRoute(window.location.pathname).then(() => {
  const app = (
    <StrictMode>
      <AppProviders services={services} globalStylesInHead={serverRendered}>
        {/* Navigations commit at once (not as transitions), so a logout can leave /admin before the session ends. */}
        <BrowserRouter useTransitions={false}>
          <AppRoutes />
        </BrowserRouter>
      </AppProviders>
    </StrictMode>
  );
  // As a transition the take-over yields to the browser between pieces (no long task); the page is
  // already painted, and its controls say they are not usable until it is done (useHydrated).
  // The first render of a client-rendered page (the app shell, e.g. /admin/depot) is a transition
  // too: React renders it in short tasks, only its commit is one (total blocking time).
  if (serverRendered) startTransition(() => void hydrateRoot(rootElement, app));
  else {
    const root = createRoot(rootElement);
    startTransition(() => root.render(app));
  }
});

void registerServiceWorker(showUpdatePrompt);
