import { Center } from '@mantine/core';
import { useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import classes from './shell.module.css';
import { useFocusPageOnNavigate } from './use-focus-page-on-navigate.ts';

/** Pages outside the session (sign-in, sign-out, registration, public slips): centred, no navigation. */
export function PublicLayout() {
  const location = useLocation();
  // Signed out (by the menu or the idle watch), or from sign-in to Forgot password: the focus goes to the new page's
  // heading, not the body of a page that is gone. A document's first load (key 'default') leaves it to the browser.
  const [arrived] = useState(() => location.key !== 'default');
  useFocusPageOnNavigate(location.pathname, arrived);
  return (
    <>
      <a href="#main-content" className={classes.skipLink}>
        Skip to content
      </a>
      <Center component="main" id="main-content" tabIndex={-1} mih="100vh" p="md" bg="gray.0">
        <Outlet />
      </Center>
    </>
  );
}
