import {
  ActionIcon,
  Anchor,
  AppShell,
  Box,
  Burger,
  Container,
  Group,
  ScrollArea,
  Tooltip,
} from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconLayoutSidebarRightCollapse } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, Outlet, useLocation, useNavigationType } from 'react-router';
import { ErrorBoundary } from '@/components/error-boundary.tsx';
import { useCurrentUser } from '@/features/auth';
import { LiveUpdates } from '@/features/live-updates';
import { reportView } from '@/lib/fill-view.ts';
import { drawnView, isHydrating } from '@/lib/hydration-state.ts';
import { PATHS } from '@/lib/paths.ts';
import { rescueRemovedFocus } from '@/lib/rescue-focus.ts';
import { CondensedNav } from './condensed-nav.tsx';
import { IdleWatch } from './idle-watch.tsx';
import { LayoutDrawer } from './layout-drawer.tsx';
import { useLayoutSettings } from './layout-settings.ts';
import { navEntries } from './nav-items.ts';
import classes from './shell.module.css';
import { SideNav } from './side-nav.tsx';
import { TopNav } from './top-nav.tsx';
import { useFocusPageOnNavigate } from './use-focus-page-on-navigate.ts';
import { UserMenu } from './user-menu.tsx';

const MOBILE = '(max-width: 767.98px)';
// Spec 2: condensed from 768 to 1028 px, the chosen type (fixed by default) above.
const TABLET = '(min-width: 768px) and (max-width: 1028px)';

/** The signed-in shell: header, navigation (per the layout settings), main content and the idle watch. */
export function AppLayout() {
  const user = useCurrentUser();
  const settings = useLayoutSettings();
  const location = useLocation();
  // Signed in (the sign-in form is gone with the public layout): the focus goes to the first page's heading, as it
  // does on the way out (public-layout.tsx). A document's load, a reload included, is a POP and leaves it to the
  // browser, so the first Tab still reaches the skip link (a reload keeps the history entry's key: not a test).
  const navigationType = useNavigationType();
  const [arrived] = useState(() => navigationType !== 'POP');
  // The path only: several screens open their dialogs through the query string (a pharmacy's users, a tote).
  useFocusPageOnNavigate(location.pathname, arrived);
  // A deleted row's Actions button, a revoked key's Revoke button: focus goes to a neighbour, not to <body>.
  useEffect(() => rescueRemovedFocus(), []);
  const [navOpened, nav] = useDisclosure(false);
  const [drawerOpened, drawer] = useDisclosure(false);
  // Read at once, so a tablet's first frame has its layout; hydrating a page the server drew, read after it, the
  // first render drawing what the server drew: for the window the browser last reported, else a desktop's.
  // (On the server too: Mantine's hook reads the initial value given only when told to read in an effect.)
  const mediaOptions = { getInitialValueInEffect: typeof window === 'undefined' || isHydrating() };
  const drawnWidth = drawnView()?.width;
  const isMobile = useMediaQuery(MOBILE, drawnWidth !== undefined && drawnWidth < 768, mediaOptions);
  const isTablet = useMediaQuery(
    TABLET,
    drawnWidth !== undefined && drawnWidth >= 768 && drawnWidth <= 1028,
    mediaOptions,
  );
  // The window's size, for the server's next drawing of a page (lib/fill-view.ts).
  useEffect(() => {
    reportView();
    const report = () => reportView();
    window.addEventListener('resize', report);
    return () => window.removeEventListener('resize', report);
  }, []);

  const entries = navEntries(user);
  const isTopnav = settings.layout === 'topnav';
  const isCondensed = !isMobile && (isTablet || settings.sidebarType === 'condensed');
  // Hidden navigation is not rendered, so neither keyboard nor screen reader meets links off screen.
  const isNavHidden = isMobile ? !navOpened : isTopnav;
  const isDetached = settings.layout === 'detached' && !isMobile;
  const navWidth = (isCondensed ? 76 : 260) + (isDetached ? 24 : 0);

  const content = (
    <ErrorBoundary resetKey={location.pathname}>
      <Outlet />
    </ErrorBoundary>
  );

  return (
    <>
      <a href="#main-content" className={classes.skipLink}>
        Skip to content
      </a>
      <AppShell
        header={{ height: 60 }}
        navbar={{
          width: navWidth,
          breakpoint: 'sm',
          collapsed: { mobile: !navOpened, desktop: isTopnav },
        }}
        padding="md"
        mode={settings.sidebarType === 'scrollable' && !isCondensed ? 'static' : 'fixed'}
      >
        <AppShell.Header>
          <Group h="100%" px="md" justify="space-between" wrap="nowrap">
            <Group wrap="nowrap" gap="sm" style={{ minWidth: 0 }}>
              <Burger
                opened={navOpened}
                onClick={nav.toggle}
                hiddenFrom="sm"
                size="sm"
                aria-label={navOpened ? 'Close navigation' : 'Open navigation'}
                aria-expanded={navOpened}
              />
              <Anchor component={Link} to={PATHS.dashboard} fw={700} size="lg" c="dark" underline="never">
                Care Portal
              </Anchor>
              {isTopnav && !isMobile ? (
                <Box component="nav" aria-label="Main navigation" style={{ overflowX: 'auto' }}>
                  <TopNav entries={entries} />
                </Box>
              ) : null}
            </Group>
            <Group wrap="nowrap" gap="xs">
              <Tooltip label="Layout">
                <ActionIcon
                  variant="subtle"
                  color="dark"
                  size="lg"
                  onClick={drawer.open}
                  aria-label="Layout settings"
                  data-testid="layout-settings-button"
                >
                  <IconLayoutSidebarRightCollapse size={20} aria-hidden />
                </ActionIcon>
              </Tooltip>
              <UserMenu />
            </Group>
          </Group>
        </AppShell.Header>

        {isTopnav && !isMobile ? null : (
          <AppShell.Navbar
            aria-label="Main navigation"
            className={classes.navbar}
            data-sidebar-theme={settings.sidebarTheme}
            data-detached={isDetached}
            data-condensed={isCondensed}
            data-testid="sidebar"
            inert={isNavHidden}
          >
            {isNavHidden ? null : (
              <Box
                className={`${classes.panel} ${isDetached ? classes.detachedPanel : ''}`}
                data-sidebar-theme={settings.sidebarTheme}
                h="100%"
              >
                <AppShell.Section grow component={ScrollArea} p={isCondensed ? 'xs' : 'sm'}>
                  {isCondensed ? (
                    <CondensedNav entries={entries} />
                  ) : (
                    <SideNav entries={entries} onNavigate={nav.close} />
                  )}
                </AppShell.Section>
              </Box>
            )}
          </AppShell.Navbar>
        )}

        <AppShell.Main id="main-content" tabIndex={-1} style={{ outline: 'none' }}>
          {settings.width === 'boxed' ? <Container size="lg">{content}</Container> : content}
        </AppShell.Main>
      </AppShell>
      <LayoutDrawer opened={drawerOpened} onClose={drawer.close} />
      <IdleWatch />
      <LiveUpdates />
    </>
  );
}
