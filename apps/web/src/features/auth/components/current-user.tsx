import type { UserInfo } from '@portal/domain';
import { createContext, type ReactNode, useContext } from 'react';

const CurrentUserContext = createContext<UserInfo | null>(null);

export interface CurrentUserProviderProps {
  user: UserInfo;
  children: ReactNode;
}

/** Makes the signed-in user available to every protected page. */
export function CurrentUserProvider({ user, children }: CurrentUserProviderProps) {
  return <CurrentUserContext.Provider value={user}>{children}</CurrentUserContext.Provider>;
}

/** The signed-in user; only valid under RequireAuth. */
export function useCurrentUser(): UserInfo {
  const user = useContext(CurrentUserContext);
  if (!user) throw new Error('useCurrentUser used outside a signed-in page');
  return user;
}
