import { createBrowserRouter, Navigate } from 'react-router';
import { pathTo, routeByName } from '../shared/routes';
import { AppLayout } from './shell/AppLayout';
import { LoginPage } from './shell/LoginPage';
import { NotFoundPage } from './shell/NotFoundPage';
import { RequireAuth } from './shell/RequireAuth';
import { RouteErrorPage } from './shell/RouteErrorPage';

/**
 * A customer's page (issue #23) with the portal's own error page (no staff link); the staff one
 * stays the `errorElement` for a page whose code could not even load.
 */
const portalRoute = async (page: Promise<() => React.ReactNode>) => {
  const [Component, { PortalErrorPage }] = await Promise.all([page, import('./portal/PortalErrorPage')]);
  return { Component, ErrorBoundary: PortalErrorPage };
};

/**
 * The screens of the web app, by the named routes of src/shared/routes.ts. A route added here must
 * also join `implementedRoutes` there, which shows it in the navigation.
 */
export const router = createBrowserRouter([
  { path: routeByName.login.path, element: <LoginPage />, errorElement: <RouteErrorPage /> },
  // Spec 2 §7: the agent opens the emailed password-reset link without a staff login.
  {
    path: routeByName['agent-password-reset'].path,
    errorElement: <RouteErrorPage />,
    lazy: () =>
      import('./areas/agents/AgentResetPasswordPage').then((m) => ({ Component: m.AgentResetPasswordPage })),
  },
  // Issue #23: the customer's "Manage my booking", outside the staff shell in its own token realm.
  {
    path: routeByName['portal-booking'].path,
    errorElement: <RouteErrorPage />,
    lazy: () => portalRoute(import('./portal/PortalBookingPage').then((m) => m.PortalBookingPage)),
  },
  {
    path: routeByName['portal-sign-in'].path,
    errorElement: <RouteErrorPage />,
    lazy: () => portalRoute(import('./portal/PortalSignInPage').then((m) => m.PortalSignInPage)),
  },
  {
    path: routeByName['portal-link'].path,
    errorElement: <RouteErrorPage />,
    lazy: () => portalRoute(import('./portal/PortalLinkPage').then((m) => m.PortalLinkPage)),
  },
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
      // Issue #14: what needs doing today.
      {
        path: routeByName.dashboard.path,
        lazy: () => import('./areas/dashboard/DashboardPage').then((m) => ({ Component: m.DashboardPage })),
      },
      // Area screens load on first visit, so the first paint carries only the shell.
      {
        path: routeByName.bookings.path,
        lazy: () =>
          import('./areas/bookings/BookingsListPage').then((m) => ({ Component: m.BookingsListPage })),
      },
      {
        path: routeByName['booking-create'].path,
        lazy: () => import('./areas/bookings/NewBookingPage').then((m) => ({ Component: m.NewBookingPage })),
      },
      {
        path: routeByName['booking-edit'].path,
        lazy: () =>
          import('./areas/bookings/edit/BookingEditPage').then((m) => ({ Component: m.BookingEditPage })),
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
      // Spec 2 §2 Customers
      {
        path: routeByName.customers.path,
        lazy: () =>
          import('./areas/customers/CustomersListPage').then((m) => ({ Component: m.CustomersListPage })),
      },
      {
        path: routeByName['create-new-customer'].path,
        lazy: () =>
          import('./areas/customers/CustomerFormPage').then((m) => ({ Component: m.CustomerCreatePage })),
      },
      {
        path: routeByName['customer-edit'].path,
        lazy: () =>
          import('./areas/customers/CustomerFormPage').then((m) => ({ Component: m.CustomerEditPage })),
      },
      // Issue #14: duplicate customers and merging
      {
        path: routeByName['duplicate-customers'].path,
        lazy: () =>
          import('./areas/customers/duplicates/DuplicateCustomersPage').then((m) => ({
            Component: m.DuplicateCustomersPage,
          })),
      },
      {
        path: routeByName['duplicate-customer-detail'].path,
        lazy: () =>
          import('./areas/customers/duplicates/DuplicateCustomerDetailPage').then((m) => ({
            Component: m.DuplicateCustomerDetailPage,
          })),
      },
      // Spec 3 §2 Discounts and extras
      {
        path: routeByName.extras.path,
        lazy: () => import('./areas/extras/ExtrasListPage').then((m) => ({ Component: m.ExtrasListPage })),
      },
      {
        path: routeByName['extra-create'].path,
        lazy: () => import('./areas/extras/ExtraFormPage').then((m) => ({ Component: m.ExtraCreatePage })),
      },
      {
        path: routeByName['extra-edit'].path,
        lazy: () => import('./areas/extras/ExtraFormPage').then((m) => ({ Component: m.ExtraEditPage })),
      },
      {
        path: routeByName.discounts.path,
        lazy: () =>
          import('./areas/discounts/DiscountsListPage').then((m) => ({ Component: m.DiscountsListPage })),
      },
      {
        path: routeByName['discount-create'].path,
        lazy: () =>
          import('./areas/discounts/DiscountFormPage').then((m) => ({ Component: m.DiscountCreatePage })),
      },
      {
        path: routeByName['discount-edit'].path,
        lazy: () =>
          import('./areas/discounts/DiscountFormPage').then((m) => ({ Component: m.DiscountEditPage })),
      },
      // Spec 3 §2 Regions and points, Brochures, Email templates
      {
        path: routeByName.regions.path,
        lazy: () => import('./areas/regions/RegionsPage').then((m) => ({ Component: m.RegionsPage })),
      },
      {
        path: routeByName['regions-edit'].path,
        lazy: () => import('./areas/regions/RegionEditPage').then((m) => ({ Component: m.RegionEditPage })),
      },
      {
        path: routeByName.points.path,
        lazy: () => import('./areas/regions/PointsPage').then((m) => ({ Component: m.PointsPage })),
      },
      {
        path: routeByName.brochures.path,
        lazy: () => import('./areas/brochures/BrochuresPage').then((m) => ({ Component: m.BrochuresPage })),
      },
      {
        path: routeByName['email-template'].path,
        lazy: () =>
          import('./areas/email-templates/EmailTemplatesListPage').then((m) => ({
            Component: m.EmailTemplatesListPage,
          })),
      },
      {
        path: routeByName['create-template'].path,
        lazy: () =>
          import('./areas/email-templates/EmailTemplateFormPage').then((m) => ({
            Component: m.EmailTemplateCreatePage,
          })),
      },
      {
        path: routeByName['edit-template'].path,
        lazy: () =>
          import('./areas/email-templates/EmailTemplateFormPage').then((m) => ({
            Component: m.EmailTemplateEditPage,
          })),
      },
      // Spec 2 §2 Agents (agent-edit also answers at the spec's /agent/edit/{id}) and Affiliates
      {
        path: routeByName.agents.path,
        lazy: () => import('./areas/agents/AgentsListPage').then((m) => ({ Component: m.AgentsListPage })),
      },
      {
        path: routeByName['agent-create'].path,
        lazy: () => import('./areas/agents/AgentFormPage').then((m) => ({ Component: m.AgentCreatePage })),
      },
      ...[routeByName['agent-edit'].path, ...(routeByName['agent-edit'].aliases ?? [])].map((path) => ({
        path,
        lazy: () => import('./areas/agents/AgentFormPage').then((m) => ({ Component: m.AgentEditPage })),
      })),
      {
        path: routeByName.affiliates.path,
        lazy: () =>
          import('./areas/affiliates/AffiliatesListPage').then((m) => ({ Component: m.AffiliatesListPage })),
      },
      {
        path: routeByName['affiliate-create'].path,
        lazy: () =>
          import('./areas/affiliates/AffiliateFormPage').then((m) => ({ Component: m.AffiliateCreatePage })),
      },
      {
        path: routeByName['affiliate-edit'].path,
        lazy: () =>
          import('./areas/affiliates/AffiliateFormPage').then((m) => ({ Component: m.AffiliateEditPage })),
      },
      // Spec 2 §2 Summaries (issue #13)
      {
        path: routeByName['summary-index'].path,
        lazy: () => import('./areas/summaries/SummariesPage').then((m) => ({ Component: m.SummariesPage })),
      },
      // Spec 3 §2 Reports (issue #15)
      {
        path: routeByName.reports.path,
        lazy: () => import('./areas/reports/ReportsPage').then((m) => ({ Component: m.ReportsPage })),
      },
      // Issue #26: bank statements
      {
        path: routeByName['bank-statements'].path,
        lazy: () =>
          import('./areas/bank-statements/BankStatementsPage').then((m) => ({
            Component: m.BankStatementsPage,
          })),
      },
      {
        path: routeByName['bank-statement'].path,
        lazy: () =>
          import('./areas/bank-statements/BankStatementPage').then((m) => ({
            Component: m.BankStatementPage,
          })),
      },
      // Spec 3 §2 Airlines, Service types and advertise sizes, System settings, Cancellation policies
      {
        path: routeByName.airlines.path,
        lazy: () =>
          import('./areas/airlines/AirlinesListPage').then((m) => ({ Component: m.AirlinesListPage })),
      },
      {
        path: routeByName['airline-create'].path,
        lazy: () =>
          import('./areas/airlines/AirlineFormPage').then((m) => ({ Component: m.AirlineCreatePage })),
      },
      {
        path: routeByName['airline-edit'].path,
        lazy: () =>
          import('./areas/airlines/AirlineFormPage').then((m) => ({ Component: m.AirlineEditPage })),
      },
      {
        path: routeByName['service-types'].path,
        lazy: () =>
          import('./areas/service-types/ServiceTypesPage').then((m) => ({ Component: m.ServiceTypesPage })),
      },
      {
        path: routeByName['advertise-sizes'].path,
        lazy: () =>
          import('./areas/advertise-sizes/AdvertiseSizesPage').then((m) => ({
            Component: m.AdvertiseSizesPage,
          })),
      },
      {
        path: routeByName['system-settings'].path,
        lazy: () =>
          import('./areas/system-settings/SystemSettingsListPage').then((m) => ({
            Component: m.SystemSettingsListPage,
          })),
      },
      {
        path: routeByName['system-setting-create'].path,
        lazy: () =>
          import('./areas/system-settings/SystemSettingFormPage').then((m) => ({
            Component: m.SystemSettingCreatePage,
          })),
      },
      {
        path: routeByName['system-setting-edit'].path,
        lazy: () =>
          import('./areas/system-settings/SystemSettingFormPage').then((m) => ({
            Component: m.SystemSettingEditPage,
          })),
      },
      {
        path: routeByName['payment-reminders'].path,
        lazy: () =>
          import('./areas/payment-reminders/PaymentRemindersPage').then((m) => ({
            Component: m.PaymentRemindersPage,
          })),
      },
      {
        path: routeByName['payment-reminder-create'].path,
        lazy: () =>
          import('./areas/payment-reminders/ReminderRuleFormPage').then((m) => ({
            Component: m.ReminderRuleCreatePage,
          })),
      },
      {
        path: routeByName['payment-reminder-edit'].path,
        lazy: () =>
          import('./areas/payment-reminders/ReminderRuleFormPage').then((m) => ({
            Component: m.ReminderRuleEditPage,
          })),
      },
      {
        path: routeByName['cancellation-index'].path,
        lazy: () =>
          import('./areas/cancellations/CancellationsListPage').then((m) => ({
            Component: m.CancellationsListPage,
          })),
      },
      {
        path: routeByName['create-cancellation'].path,
        lazy: () =>
          import('./areas/cancellations/CancellationFormPage').then((m) => ({
            Component: m.CancellationCreatePage,
          })),
      },
      {
        path: routeByName['cancellation-edit'].path,
        lazy: () =>
          import('./areas/cancellations/CancellationFormPage').then((m) => ({
            Component: m.CancellationEditPage,
          })),
      },
      // Spec 1 §2 Settings hub; spec 2 §2 Suppliers, Tour managers, Admin users, Currency, Monthly accounts
      {
        path: routeByName.settings.path,
        lazy: () => import('./areas/settings/SettingsPage').then((m) => ({ Component: m.SettingsPage })),
      },
      {
        path: routeByName.suppliers.path,
        lazy: () =>
          import('./areas/suppliers/SuppliersListPage').then((m) => ({ Component: m.SuppliersListPage })),
      },
      {
        path: routeByName['supplier-create'].path,
        lazy: () =>
          import('./areas/suppliers/SupplierFormPage').then((m) => ({ Component: m.SupplierCreatePage })),
      },
      {
        path: routeByName['supplier-edit'].path,
        lazy: () =>
          import('./areas/suppliers/SupplierFormPage').then((m) => ({ Component: m.SupplierEditPage })),
      },
      {
        path: routeByName['tour-manager'].path,
        lazy: () =>
          import('./areas/tour-managers/TourManagersListPage').then((m) => ({
            Component: m.TourManagersListPage,
          })),
      },
      {
        path: routeByName['create-tour-manager'].path,
        lazy: () =>
          import('./areas/tour-managers/TourManagerFormPage').then((m) => ({
            Component: m.TourManagerCreatePage,
          })),
      },
      {
        path: routeByName['edit-tour-manager'].path,
        lazy: () =>
          import('./areas/tour-managers/TourManagerFormPage').then((m) => ({
            Component: m.TourManagerEditPage,
          })),
      },
      {
        path: routeByName['admin-user-index'].path,
        lazy: () =>
          import('./areas/admin-users/AdminUsersListPage').then((m) => ({ Component: m.AdminUsersListPage })),
      },
      {
        path: routeByName['admin-user-create'].path,
        lazy: () =>
          import('./areas/admin-users/AdminUserFormPage').then((m) => ({ Component: m.AdminUserCreatePage })),
      },
      {
        path: routeByName['admin-user-edit'].path,
        lazy: () =>
          import('./areas/admin-users/AdminUserFormPage').then((m) => ({ Component: m.AdminUserEditPage })),
      },
      {
        path: routeByName['currency-exchange-index'].path,
        lazy: () =>
          import('./areas/currency/CurrencyListPage').then((m) => ({ Component: m.CurrencyListPage })),
      },
      {
        path: routeByName['currency-exchange-create'].path,
        lazy: () =>
          import('./areas/currency/CurrencyFormPage').then((m) => ({ Component: m.CurrencyCreatePage })),
      },
      {
        path: routeByName['currency-exchange-edit'].path,
        lazy: () =>
          import('./areas/currency/CurrencyFormPage').then((m) => ({ Component: m.CurrencyEditPage })),
      },
      // Issue #14: brochure requests and backups
      {
        path: routeByName['brochure-requests'].path,
        lazy: () =>
          import('./areas/brochure-requests/BrochureRequestsPage').then((m) => ({
            Component: m.BrochureRequestsPage,
          })),
      },
      {
        path: routeByName['brochure-request-edit'].path,
        lazy: () =>
          import('./areas/brochure-requests/BrochureRequestEditPage').then((m) => ({
            Component: m.BrochureRequestEditPage,
          })),
      },
      {
        path: routeByName['backups-list'].path,
        lazy: () => import('./areas/backups/BackupsPage').then((m) => ({ Component: m.BackupsPage })),
      },
      {
        path: routeByName['monthly-accounts'].path,
        lazy: () =>
          import('./areas/monthly-accounts/MonthlyAccountsPage').then((m) => ({
            Component: m.MonthlyAccountsPage,
          })),
      },
      // Spec 3 §2 Tours (tour-group also answers at /groups/{id})
      {
        path: routeByName.tours.path,
        lazy: () => import('./areas/tours/ToursListPage').then((m) => ({ Component: m.ToursListPage })),
      },
      {
        path: routeByName['tour-create'].path,
        lazy: () => import('./areas/tours/TourFormPage').then((m) => ({ Component: m.TourCreatePage })),
      },
      {
        path: routeByName['tour-edit'].path,
        lazy: () => import('./areas/tours/TourFormPage').then((m) => ({ Component: m.TourEditPage })),
      },
      ...[routeByName['tour-group'].path, ...(routeByName['tour-group'].aliases ?? [])].map((path) => ({
        path,
        lazy: () => import('./areas/tours/TourGroupPage').then((m) => ({ Component: m.TourGroupPage })),
      })),
      {
        path: routeByName['tour-instance'].path,
        lazy: () => import('./areas/tours/TourInstancePage').then((m) => ({ Component: m.TourInstancePage })),
      },
      {
        path: routeByName['tour-accommodation'].path,
        lazy: () =>
          import('./areas/tours/TourAccommodationPage').then((m) => ({ Component: m.TourAccommodationPage })),
      },
      // Spec 3 §2 Accommodation and rooms, Flights
      {
        path: routeByName.accommodation.path,
        lazy: () =>
          import('./areas/accommodation/AccommodationListPage').then((m) => ({
            Component: m.AccommodationListPage,
          })),
      },
      {
        path: routeByName['accommodation-create'].path,
        lazy: () =>
          import('./areas/accommodation/AccommodationFormPage').then((m) => ({
            Component: m.AccommodationCreatePage,
          })),
      },
      {
        path: routeByName['accommodation-edit'].path,
        lazy: () =>
          import('./areas/accommodation/AccommodationFormPage').then((m) => ({
            Component: m.AccommodationEditPage,
          })),
      },
      {
        path: routeByName['accommodation-room-edit'].path,
        lazy: () => import('./areas/availability/RoomEditPage').then((m) => ({ Component: m.RoomEditPage })),
      },
      {
        path: routeByName.flights.path,
        lazy: () => import('./areas/flights/FlightsListPage').then((m) => ({ Component: m.FlightsListPage })),
      },
      {
        path: routeByName['flight-create'].path,
        lazy: () => import('./areas/flights/FlightFormPage').then((m) => ({ Component: m.FlightCreatePage })),
      },
      {
        path: routeByName['flight-edit'].path,
        lazy: () => import('./areas/flights/FlightFormPage').then((m) => ({ Component: m.FlightEditPage })),
      },
      {
        path: routeByName['flights-multiple'].path,
        lazy: () =>
          import('./areas/flights/MultipleFlightsPage').then((m) => ({ Component: m.MultipleFlightsPage })),
      },
      {
        path: routeByName['bulk-update-flights'].path,
        lazy: () =>
          import('./areas/flights/BulkUpdateFlightsPage').then((m) => ({
            Component: m.BulkUpdateFlightsPage,
          })),
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
