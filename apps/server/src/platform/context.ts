import type { UserType } from '@portal/domain';
import type { Config } from '../config.ts';
import type { Database, Db } from '../db/client.ts';

/** The signed-in caller, set by the auth plugin on every request with a valid bearer token. */
export interface AuthUser {
  id: number;
  email: string;
  displayName: string;
  userType: UserType;
  sessionId: number;
  mustChangePassword: boolean;
  /** MFA_REQUIRED_FOR_ADMINS holds the user back until they set up two-step sign-in. */
  mustEnrolMfa: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    db: Db;
  }
  interface FastifyRequest {
    user: AuthUser | null;
  }
}
