import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { pathTo, routeByName } from '../shared/routes';
import { screens } from './screens';
import { AppLayout } from './shell/AppLayout';
import { LoginPage } from './shell/LoginPage';
import { NotFoundPage } from './shell/NotFoundPage';
import { RequireAuth } from './shell/RequireAuth';
import { RouteErrorPage } from './shell/RouteErrorPage';
import type { Screen } from './ui/screen';

const isPublic = (s: Screen) => routeByName[s.route].public === true;

/**
 * The route objects of one screen: its path and aliases (src/shared/routes), its page loaded on
 * first visit, with its own error boundary when it has one (the portal's); the staff error page
 * stays the `errorElement` of a public screen whose code could not even load.
 */
function routesOf(screen: Screen): RouteObject[] {
  const def = routeByName[screen.route];
  const { load, errorPage } = screen;
  const lazy = errorPage
    ? async () => {
        const [Component, ErrorBoundary] = await Promise.all([load(), errorPage()]);
        return { Component, ErrorBoundary };
      }
    : async () => ({ Component: await load() });
  return [def.path, ...(def.aliases ?? [])].map((path) =>
    def.public ? { path, errorElement: <RouteErrorPage />, lazy } : { path, lazy },
  );
}

/**
 * The web app: the sign-in page and the public screens (the agent's password reset, the customer's
 * portal) outside the staff shell, every other screen inside it behind a login. The screens come
 * from each area's `routes.ts` (src/web/screens.ts).
 */
export const router = createBrowserRouter([
  { path: routeByName.login.path, element: <LoginPage />, errorElement: <RouteErrorPage /> },
  ...screens.filter(isPublic).flatMap(routesOf),
  {
    element: (
      <RequireAuth>
        <AppLayout />
      </RequireAuth>
    ),
    errorElement: <RouteErrorPage />,
    children: [
      // Spec 1 §2: '/' redirects to /bookings.
      { index: true, element: <Navigate to={pathTo('bookings')} replace /> },
      ...screens.filter((s) => !isPublic(s)).flatMap(routesOf),
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
