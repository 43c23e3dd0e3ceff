import { API_BASE, FILE_BASE } from '@portal/domain';

/**
 * The two service bases the client talks to. The server also publishes them in client-config; the defaults are
 * the domain's, which is what the portal serves from one origin.
 */
export const config = {
  apiBase: API_BASE,
  fileBase: FILE_BASE,
} as const;
