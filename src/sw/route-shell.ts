import { routeScreensOf, withEarlyScript } from '../routes/route-screens';

/**
 * The app shell the service worker answers a page request with: for a route with an early script
 * (`src/routes/route-screens.ts`: the depot) the shell runs it before the app's script, as the
 * server's page of that route does. A page opened once the worker controls the device (any visit
 * after the first) would otherwise ask for the depot only after the app's code has run (
 * ≈ 670 ms after the navigation on a 2-core machine). `earlyScript` is the built file's path from
 * the worker's manifest; without it, or for any other route, the shell goes out unchanged.
 */
export async function shellForRoute(
  shell: Response,
  pathname: string,
  earlyScript: string | undefined,
): Promise<Response> {
  if (!earlyScript || !shell.ok || !routeScreensOf(pathname)?.earlyScript) return shell;
  const headers = new Headers(shell.headers);
  headers.delete('content-length');
  const html = withEarlyScript(await shell.text(), `/${earlyScript.replace(/^\//, '')}`);
  return new Response(html, { status: shell.status, statusText: shell.statusText, headers });
}
