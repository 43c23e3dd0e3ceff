import { Alert, Button, Center, Loader, Paper, Stack, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, Suspense, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useDocumentTitle } from '@/hooks/use-document-title.ts';
import { isApiError } from '@/lib/api-error.ts';
import { PATHS } from '@/lib/paths.ts';
import { focusPageHeading, focusPageWhenDrawn } from '@/lib/rescue-focus.ts';

/**
 * Whether any query or mutation has been refused with 403 and this error code since the gate mounted (the server
 * holds the user back, e.g. a password to change or two-step sign-in to set up), and the setter to clear it once
 * the user has done what was asked.
 */
export function useRefusedWith(code: string): [boolean, (isRefused: boolean) => void] {
  const queryClient = useQueryClient();
  const [isRefused, setRefused] = useState(false);
  useEffect(() => {
    const onError = (error: unknown) => {
      if (isApiError(error, 403) && error.code === code) setRefused(true);
    };
    const unsubscribeQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') onError(event.action.error);
    });
    const unsubscribeMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') onError(event.action.error);
    });
    return () => {
      unsubscribeQueries();
      unsubscribeMutations();
    };
  }, [queryClient, code]);
  return [isRefused, setRefused];
}

export interface GateScreenProps {
  title: string;
  /** Why the user is held here. */
  note: string;
  maw: number;
  children: ReactNode;
}

/**
 * The full-page screen a gate shows instead of the signed-in pages: what to do, the form, and Sign out. Like a page
 * reached by navigation, it puts the focus on its heading: the sign-in button (or the page a refused call came from)
 * is gone, and focus left on the body tells a screen reader nothing and starts the next Tab at the top. The page it
 * lets through gets the focus the same way.
 */
export function GateScreen({ title, note, maw, children }: GateScreenProps) {
  useDocumentTitle(title);
  useEffect(() => {
    focusPageHeading();
    // Done (or signed out): the gate and the button just pressed go, and the focus goes to the page that takes its
    // place rather than the body.
    return () => void focusPageWhenDrawn();
  }, []);
  return (
    <Center mih="100vh" p="md" component="main" id="main-content" tabIndex={-1}>
      <Paper withBorder shadow="sm" p="xl" radius="md" w="100%" maw={maw}>
        <Stack>
          <Title order={1} size="h2">
            {title}
          </Title>
          <Alert color="blue" variant="light" role="note">
            {note}
          </Alert>
          {/* The gates load their forms on demand: a moment's spinner the first time one shows. */}
          <Suspense fallback={<Loader role="status" aria-label="Loading the form" mx="auto" />}>
            {children}
          </Suspense>
          <Button component={Link} to={PATHS.logout} variant="subtle" w="fit-content">
            Sign out
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}
