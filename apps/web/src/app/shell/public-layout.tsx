import { Center } from '@mantine/core';
import { Outlet } from 'react-router';
import classes from './shell.module.css';

/** Pages outside the session (sign-in, sign-out, registration, public slips): centred, no navigation. */
export function PublicLayout() {
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
