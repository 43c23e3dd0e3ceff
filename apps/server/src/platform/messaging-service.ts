import type { MediprocityInput } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { loadSecretKey } from './secret-box.ts';

/**
 * The secure-messaging service whose credentials users store (spec: SpecialtyRx Now). A real service plugs in
 * here: implement `verify` against its sign-in API and pass it to buildApp.
 */
export interface MessagingService {
  /** True when the service accepts the credentials. */
  verify(credentials: MediprocityInput): Promise<boolean>;
}

/** The default: accepts any well-formed credentials (a user name without spaces, a password, a key). */
export const wellFormedMessagingService: MessagingService = {
  async verify(credentials) {
    return (
      /^\S+$/.test(credentials.user) &&
      credentials.password.length > 0 &&
      credentials.encryptionKey.length > 0
    );
  },
};

declare module 'fastify' {
  interface FastifyInstance {
    messaging: MessagingService;
    /** The key that seals stored secrets (platform/secret-box.ts). */
    secretKey: Uint8Array;
  }
}

/** Loads the sealing key once at start and makes the messaging service visible to the features. */
export const secretsPlugin = fp(
  async (app: FastifyInstance, opts: { messaging?: MessagingService | undefined }) => {
    app.decorate('secretKey', await loadSecretKey(app.config));
    app.decorate('messaging', opts.messaging ?? wellFormedMessagingService);
  },
  { name: 'secrets' },
);
