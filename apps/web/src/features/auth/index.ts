export { tokenInfoQuery } from './api/token-info.ts';
export { useCurrentUser } from './components/current-user.tsx';
export { LoginPage } from './components/login-page.tsx';
export { LogoutPage } from './components/logout-page.tsx';
export { PharmacyUserOnly } from './components/pharmacy-user-only.tsx';
export { RequireAuth } from './components/require-auth.tsx';
