/**
 * The one permission table (DESIGN.md §4). Every route that is not a plain read declares one of
 * these keys; the server answers 403 to a role not listed, and the web app hides the control.
 * 'any' means any signed-in staff member. Role 1 is Admin, role 2 Accountant (spec 1 §6).
 */
export const ROLE_ADMIN = 1;
export const ROLE_ACCOUNTANT = 2;

export const ROLE_LABELS: Record<number, string> = { [ROLE_ADMIN]: 'Admin', [ROLE_ACCOUNTANT]: 'Accountant' };

export type Allowed = 'any' | readonly number[];

export const permissions = {
  // auth: reads about oneself
  'auth.details': 'any',
  'auth.logout': 'any',
  // bookings list: POST calls that only read
  'bookings.filtersData': 'any',
  'customers.filteredList': 'any',
  // bookings (spec 1 §6: only role 1 creates, edits, cancels, links)
  'bookings.create': [ROLE_ADMIN],
  'bookings.update': [ROLE_ADMIN],
  'bookings.cancel': [ROLE_ADMIN],
  // Tour lines, passengers, extras, discounts, special requests, the custom airline email and
  // additional documents are shown read-only to other roles (spec 1 §2, §6).
  'bookings.tours': [ROLE_ADMIN],
  'bookings.passengers': [ROLE_ADMIN],
  'bookings.extras': [ROLE_ADMIN],
  'bookings.discounts': [ROLE_ADMIN],
  // Splitting the balance into instalments (issue #26): role 1; other roles see the plan.
  'bookings.instalments': [ROLE_ADMIN],
  // Price changes after booking (issue #27, PTR 2018 regs 10–11) and the customer's answer given by
  // phone: role 1, as any other change to what the booking costs.
  'bookings.priceChange': [ROLE_ADMIN],
  'bookings.specialRequest': [ROLE_ADMIN],
  'bookings.customAirline': [ROLE_ADMIN],
  'bookings.additionalDocuments': [ROLE_ADMIN],
  // Emailing documents to the agent or customer (spec 1 §6: role 1 only); the modal's preview only reads.
  'bookings.email': [ROLE_ADMIN],
  'bookings.emailPreview': 'any',
  // Not limited by spec 1 §6: any member of staff may accept changes, mark an agent booking
  // confirmed and record a transaction (the accountant's daily work).
  'bookings.acceptChange': 'any',
  'bookings.agentConfirm': 'any',
  'payments.create': 'any',
  // A mistaken receipt is voided (a reversing entry; nothing deleted) by role 1 only (issue #10).
  'payments.void': [ROLE_ADMIN],
  // Bank statements (issue #26): importing, saving CSV mappings and recording lines as payments
  // are role 1's; any staff member may read the statements and their lines.
  'bankStatements.import': [ROLE_ADMIN],
  'bankStatements.record': [ROLE_ADMIN],
  // POST calls that only read.
  'bookings.history': 'any',
  // POST update-booking/download-supplement-costing-doc only reads (streams an airline invoice).
  'bookings.costingDoc': 'any',
  'bookings.availableExtras': 'any',
  // Flagging the edit screen open / left (spec 1 §4) is every viewer's.
  'bookings.screenPresence': 'any',
  // What customers sent from their side (issue #23): any member of staff marks it read.
  'customerMessages.read': 'any',

  // Spec 2 §6 (parties). Role 1 only: what the spec shows only to role 1.
  'customers.create': [ROLE_ADMIN],
  'customers.update': [ROLE_ADMIN],
  'customers.addNote': 'any',
  // POST customer-note/get-notes only reads (spec 1 §7).
  'customers.getNotes': 'any',
  'customers.export': 'any',
  'brochureRequests.create': [ROLE_ADMIN],
  // Brochure request screens (issue #14): Create Customer is role 1 only (spec 2 §6); processing the
  // letters and linking a customer are not gated (spec 3 §6: brochure screens show no role gating).
  'brochureRequests.createCustomer': [ROLE_ADMIN],
  'brochureRequests.linkCustomer': 'any',
  'brochureRequests.process': 'any',
  // Duplicate customers (issue #14): 'Manage customers' is role 1 (spec 2 §6); the group's records only read.
  'customersMerging.read': 'any',
  'customersMerging.merge': [ROLE_ADMIN],
  // GDPR (issue #27): subject access exports, erasure and the retention run hold or remove
  // everything about a person — role 1, as 'Update customer' and 'Manage customers'.
  'gdpr.manage': [ROLE_ADMIN],
  // Booking requests (referrals) from the customer screen: changes are role 1, as 'Update customer'.
  'bookingRequests.create': [ROLE_ADMIN],
  'bookingRequests.delete': [ROLE_ADMIN],
  'agents.create': [ROLE_ADMIN],
  'agents.update': [ROLE_ADMIN],
  'agents.delete': [ROLE_ADMIN],
  'agents.sendResetLink': 'any',
  'affiliates.create': [ROLE_ADMIN],
  'affiliates.update': [ROLE_ADMIN],
  'affiliates.delete': [ROLE_ADMIN],
  // Advertisements (issue #13): every change is role 1 only, as the affiliate screen's saves
  // (spec 2 §6); downloads and the summaries' POST calls only read.
  'adverts.save': [ROLE_ADMIN],
  'adverts.delete': [ROLE_ADMIN],
  'adverts.products': [ROLE_ADMIN],
  'adverts.status': [ROLE_ADMIN],
  'adverts.payment': [ROLE_ADMIN],
  'adverts.download': 'any',
  'summaries.read': 'any',
  // Reports (spec 3 §6 does not limit them): every POST only reads and answers a file.
  'reports.run': 'any',
  // Party invoices (issue #13): adding, editing, deleting and linking invoices to tour groups are
  // saves of the supplier / tour-manager / affiliate screens (spec 2 §6: role 1); recording a payment
  // is the accountant's daily work (as booking payments); deleting one is role 1 (as voiding).
  'invoices.read': 'any',
  'invoices.save': [ROLE_ADMIN],
  'invoices.delete': [ROLE_ADMIN],
  'invoices.link': [ROLE_ADMIN],
  'invoices.payment': 'any',
  'invoices.paymentDelete': [ROLE_ADMIN],
  // Group money (spec 3 §6: every write on the group screen is role 1); the revenue, the estimate
  // and the payment invoice download only read.
  'groupPayments.read': 'any',
  'groupPayments.save': [ROLE_ADMIN],
  'groupPayments.delete': [ROLE_ADMIN],
  'groupPayments.download': 'any',
  'suppliers.create': [ROLE_ADMIN],
  'suppliers.update': [ROLE_ADMIN],
  'suppliers.delete': [ROLE_ADMIN],
  'tourManagers.create': [ROLE_ADMIN],
  'tourManagers.update': [ROLE_ADMIN],
  'tourManagers.delete': [ROLE_ADMIN],
  // Admin users: the settings box is shown only to role 1, and only role 1 may call it (reads too).
  'adminUsers.read': [ROLE_ADMIN],
  'adminUsers.save': [ROLE_ADMIN],
  'currency.save': [ROLE_ADMIN],
  'currency.delete': [ROLE_ADMIN],
  // Backups (issue #14): the whole screen is role 1 only — a backup holds every record.
  'backups.manage': [ROLE_ADMIN],
  'monthlyAccounts.read': 'any',
  'monthlyAccounts.update': 'any',

  // Spec 3 §6 (reference data). Brochure, region, pickup and system-setting screens are not gated.
  'resorts.create': [ROLE_ADMIN],
  'resorts.update': [ROLE_ADMIN],
  'resorts.delete': [ROLE_ADMIN],
  'airlines.create': [ROLE_ADMIN],
  'airlines.update': [ROLE_ADMIN],
  'airlines.delete': [ROLE_ADMIN],
  'serviceTypes.save': [ROLE_ADMIN],
  'serviceTypes.delete': [ROLE_ADMIN],
  'advertiseSizes.save': [ROLE_ADMIN],
  'advertiseSizes.delete': [ROLE_ADMIN],
  'systemSettings.save': 'any',
  'systemSettings.delete': 'any',
  'cancellations.read': 'any',
  'cancellations.save': [ROLE_ADMIN],
  'cancellations.delete': [ROLE_ADMIN],
  'regions.save': 'any',
  'regions.delete': 'any',
  'points.save': 'any',
  'points.delete': 'any',
  'brochures.save': 'any',
  'brochures.delete': 'any',
  'emailTemplates.create': [ROLE_ADMIN],
  'emailTemplates.update': [ROLE_ADMIN],
  'emailTemplates.delete': [ROLE_ADMIN],
  // Payment reminders (issue #26): the rules and 'Send now' are role 1's; pausing a booking's
  // reminders is any staff's (the accountant's daily work).
  'paymentReminders.manage': [ROLE_ADMIN],
  'paymentReminders.send': [ROLE_ADMIN],
  'paymentReminders.pause': 'any',
  'extras.create': [ROLE_ADMIN],
  'extras.update': [ROLE_ADMIN],
  'extras.delete': [ROLE_ADMIN],
  'discounts.create': [ROLE_ADMIN],
  'discounts.update': [ROLE_ADMIN],
  'discounts.delete': [ROLE_ADMIN],
  // Spec 3 §6 (accommodation, rooms, availability, prices, flights): every write is role 1 only.
  'accommodation.create': [ROLE_ADMIN],
  'accommodation.update': [ROLE_ADMIN],
  'accommodation.delete': [ROLE_ADMIN],
  'rooms.create': [ROLE_ADMIN],
  'rooms.update': [ROLE_ADMIN],
  'availability.update': [ROLE_ADMIN],
  // POST accommodation/room/get-availability/{id}/prices only reads.
  'prices.read': 'any',
  'prices.update': [ROLE_ADMIN],
  'prices.delete': [ROLE_ADMIN],
  'prices.discount': [ROLE_ADMIN],
  'prices.clone': [ROLE_ADMIN],
  'flights.create': [ROLE_ADMIN],
  'flights.update': [ROLE_ADMIN],
  'flights.delete': [ROLE_ADMIN],
  // POST airports/airport-search only reads.
  'airports.search': 'any',
  // Spec 3 §6 (tours, groups, instances, tour accommodation): every write is role 1 only.
  // POST tours/get-instance-rooms, instances/{id}/getprices, groups/{id}/check-deletion and
  // groups/{id}/get-instance-pickups only read.
  'tours.read': 'any',
  'tours.create': [ROLE_ADMIN],
  'tours.update': [ROLE_ADMIN],
  'tours.csvUpload': [ROLE_ADMIN],
  'tourAccommodation.save': [ROLE_ADMIN],
  'tourAccommodation.delete': [ROLE_ADMIN],
  'groups.create': [ROLE_ADMIN],
  'groups.update': [ROLE_ADMIN],
  'groups.delete': [ROLE_ADMIN],
  'groups.transfers': [ROLE_ADMIN],
  'groups.bulkAccommodation': [ROLE_ADMIN],
  // Group documents (spec 3 §2: no role gating shown) only read; emailing travel docs is role 1 (§6).
  'groups.documents': 'any',
  'groups.emailTravelDocuments': [ROLE_ADMIN],
  'instances.create': [ROLE_ADMIN],
  'instances.update': [ROLE_ADMIN],
  'instances.delete': [ROLE_ADMIN],
  // Public agent page: setting a new password from an emailed link carries no staff token.
} as const satisfies Record<string, Allowed>;

export type Permission = keyof typeof permissions;

/** True when `role` may use `permission`. */
export function can(role: number | null | undefined, permission: Permission): boolean {
  const allowed: Allowed = permissions[permission];
  if (role == null) return false;
  return allowed === 'any' || allowed.includes(role);
}
