import { createBrowserRouter, Navigate } from 'react-router';
import { pathTo, routeByName } from '../shared/routes';
import { AppLayout } from './shell/AppLayout';
import { DashboardPage } from './shell/DashboardPage';
import { LoginPage } from './shell/LoginPage';
import { NotFoundPage } from './shell/NotFoundPage';
import { RequireAuth } from './shell/RequireAuth';
import { RouteErrorPage } from './shell/RouteErrorPage';

/**
 * The screens of the web app, by the named routes of src/shared/routes.ts. A route added here must
 * also join `implementedRoutes` there, which shows it in the navigation.
 */
export const router = createBrowserRouter([
  { path: routeByName.login.path, element: <LoginPage />, errorElement: <RouteErrorPage /> },
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
      { path: routeByName.dashboard.path, element: <DashboardPage /> },
      // Area screens load on first visit, so the first paint carries only the shell.
      {
        path: routeByName.bookings.path,
        lazy: () =>
          import('./areas/bookings/BookingsListPage').then((m) => ({ Component: m.BookingsListPage })),
      },
      // Spec 3 §2 Resorts
      {
        path: routeByName.resorts.path,
        lazy: () => import('./areas/resorts/ResortsListPage').then((m) => ({ Component: m.ResortsListPage })),
      },
      {
        path: routeByName['resort-create'].path,
        lazy: () => import('./areas/resorts/ResortFormPage').then((m) => ({ Component: m.ResortCreatePage })),
      },
      {
        path: routeByName['resort-edit'].path,
        lazy: () => import('./areas/resorts/ResortFormPage').then((m) => ({ Component: m.ResortEditPage })),
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
