// An entry of its own (vite.config.ts): the server puts it before the app's script in the page of
// `/admin/depot` (server/first-screen.ts), so it runs before the rest of the app's modules are evaluated.
import { sendEarlyRequests } from './early-requests';

try {
  sendEarlyRequests(window.location, window.localStorage);
} catch {
  // Only a head start (local storage may be blocked): the screen's query asks itself.
}
