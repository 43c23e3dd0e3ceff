// Evaluated first (main.tsx imports it before anything else): starts the page's first API requests while the
// rest of the app's JavaScript is still being evaluated, and holds a click on a page the server drew until the
// app has taken it over (lib/early-clicks.ts).
// zod's settings before any of its schemas is built: an object schema probes for `new Function` when it is
// constructed unless jitless is already on, and the early requests' module builds the domain's list schemas.
import './lib/zod-config.ts';
import { holdEarlyClicks } from './lib/early-clicks.ts';
import { startEarlyRequests } from './lib/early-requests.ts';

holdEarlyClicks();
startEarlyRequests(window.location.pathname, window.location.search);
