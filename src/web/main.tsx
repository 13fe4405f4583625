import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/tiptap/styles.css';
import 'mantine-datatable/styles.css';
import './app.css';
import 'dayjs/locale/en-gb';
import './lib/format';
import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { pathTo } from '../shared/routes';
import {
  setAgentUnauthorizedHandler,
  setPortalUnauthorizedHandler,
  setUnauthorizedHandler,
} from './api/client';
import { clearUserData, queryClient } from './api/query-client';
import { keys } from './api/query-keys';
import { router } from './router';
import { loginPathFor } from './shell/return-to';
import { cssVariablesResolver, theme } from './theme';

// A 401 anywhere ends the session: forget cached data and show the login screen, which comes back here.
setUnauthorizedHandler(() => {
  clearUserData();
  const here = router.state.location;
  if (here.pathname !== '/login') void router.navigate(loginPathFor(here), { replace: true });
});

// A 401 on the customer's side ends only the portal session: forget its booking, show its sign-in page.
setPortalUnauthorizedHandler(() => {
  queryClient.removeQueries({ queryKey: keys.portal.all });
  const signIn = pathTo('portal-sign-in');
  if (router.state.location.pathname !== signIn) void router.navigate(signIn, { replace: true });
});

// A 401 on the travel agent's side ends only the agent session: forget the agency's data, show its sign-in page.
setAgentUnauthorizedHandler(() => {
  queryClient.removeQueries({ queryKey: keys.agent.all });
  const signIn = pathTo('agent-sign-in');
  if (router.state.location.pathname !== signIn) void router.navigate(signIn, { replace: true });
});

const root = document.getElementById('root');
if (!root) throw new Error('No #root element');

createRoot(root).render(
  <StrictMode>
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <DatesProvider settings={{ locale: 'en-gb', firstDayOfWeek: 1, consistentWeeks: true }}>
        <QueryClientProvider client={queryClient}>
          <ModalsProvider>
            {/* Below the header (app.css), so a notice never covers the header's buttons; they
                close after 5 s (paused while hovered, as Mantine does). Issue #22 point 12a. */}
            <Notifications position="top-right" limit={4} autoClose={5000} />
            <RouterProvider router={router} />
          </ModalsProvider>
        </QueryClientProvider>
      </DatesProvider>
    </MantineProvider>
  </StrictMode>,
);
