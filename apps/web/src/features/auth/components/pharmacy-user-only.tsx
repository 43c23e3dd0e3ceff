import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useCurrentUser } from './current-user.tsx';

export interface PharmacyUserOnlyProps {
  /** Where everyone else goes. */
  redirectTo: string;
  children: ReactNode;
}

/** Pages only pharmacy staff may open (spec 2 section 6: recycling bin, Pharmacy Users). */
export function PharmacyUserOnly({ redirectTo, children }: PharmacyUserOnlyProps) {
  const user = useCurrentUser();
  if (user.userType !== 'PharmacyUser') return <Navigate to={redirectTo} replace />;
  return children;
}
