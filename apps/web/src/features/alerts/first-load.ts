/**
 * The alerts feature's second public entry: what a drawn page's first load needs before any screen (the first
 * list's and the facilities' queries, keyed as the widget page keys them), for the server's drawing
 * (ssr/entry-server.tsx) and the browser's hydration (app/hydration.ts). No components: importing the feature's
 * index.ts there would evaluate its screens in the first load's own chunk.
 */
export { firstListParams } from './api/alert-keys.ts';
export { alertListQuery, ownAlertPageOf } from './api/get-alert-list.ts';
export { facilitiesQuery } from './api/get-facilities.ts';
