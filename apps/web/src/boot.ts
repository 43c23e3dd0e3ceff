// Evaluated first (main.tsx imports it before anything else): starts the page's first API requests while the
// rest of the app's JavaScript is still being evaluated.
import { startEarlyRequests } from './lib/early-requests.ts';

startEarlyRequests(window.location.pathname, window.location.search);
