import { AppShell } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Outlet } from 'react-router';
import { TEST_BANNER_HEIGHT, TestModeBanner } from '../ui/TestModeBanner';
import { useLeaveGuard } from '../ui/unsaved-changes';
import { useTestModeEnv } from '../ui/use-health';
import { AppHeader } from './AppHeader';
import { MainNav } from './MainNav';
import { useMe } from './RequireAuth';

const HEADER_HEIGHT = 56;

/**
 * The application shell (spec 1 §2): header, main navigation and the routed view. Leaving a screen
 * with unsaved work asks first (`useLeaveGuard`).
 */
export function AppLayout() {
  useLeaveGuard();
  const [navOpened, { toggle, close }] = useDisclosure(false);
  const testEnv = useTestModeEnv();
  const me = useMe();

  return (
    <AppShell
      header={{ height: HEADER_HEIGHT + (testEnv ? TEST_BANNER_HEIGHT : 0) }}
      navbar={{ width: 220, breakpoint: 'sm', collapsed: { mobile: !navOpened } }}
      padding="lg"
    >
      <AppShell.Header>
        <a href="#main" className="skip-link">
          Skip to content
        </a>
        {testEnv && <TestModeBanner env={testEnv} />}
        <AppHeader navOpened={navOpened} onToggleNav={toggle} userName={me.data?.name} />
      </AppShell.Header>
      <AppShell.Navbar>
        <MainNav onNavigate={close} />
      </AppShell.Navbar>
      <AppShell.Main id="main" tabIndex={-1} bg="gray.0">
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
