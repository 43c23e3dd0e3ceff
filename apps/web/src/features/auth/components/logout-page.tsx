import { Center, Loader, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useDocumentTitle } from '@/hooks/use-document-title.ts';
import { PATHS } from '@/lib/paths.ts';
import { useSignOut } from '../api/logout.ts';

/** /logout: revokes the session, clears all cached data, toasts 'User Logged Out' and opens sign-in. */
export function LogoutPage() {
  useDocumentTitle('Signing out');
  const navigate = useNavigate();
  const signOut = useSignOut();
  const started = useRef(false);

  useEffect(() => {
    // Once per visit: StrictMode runs effects twice and a second toast would be noise.
    if (started.current) return;
    started.current = true;
    signOut().then(() => navigate(PATHS.login, { replace: true }));
  }, [signOut, navigate]);

  return (
    <Center>
      <Loader role="status" aria-label="Signing out" />
      <Text ml="sm" component="h1" size="lg">
        Signing out...
      </Text>
    </Center>
  );
}
