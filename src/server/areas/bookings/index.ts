/**
 * The bookings area's public module: its routes and the only names other areas may import from it
 * (src/layers.test.ts keeps it so).
 */
import type { AreaRoutes } from '../deps';
import { bookingDocumentRoutes } from './document-routes';
import { bookingEditRoutes } from './edit-routes';
import { bookingEmailRoutes } from './email-routes';
import { bookingFileRoutes } from './files-routes';
import { bookingInstalmentRoutes } from './instalments-routes';
import { bookingPriceChangeRoutes } from './price-change-routes';
import { bookingRoutes } from './routes';

export { type AgentOrigin, createBooking } from './create-booking';
export { getBookingDetail } from './detail';
export type { AtolDeps } from './documents/atol';
export { refreshAtolCertificate, releaseHeldCertificates } from './documents/atol';
// The booking documents' house blocks (title, addressee, facts, table, money and dates), for other
// documents on the letterhead (the agency's commission statement).
export { addressBlock, day, gbp, note, opening, table, title } from './documents/format';
export { issueBookingDocument } from './documents/records';
export { DocumentRefused } from './documents/render';
export { sendTravelDocuments } from './email-documents';
export type { EmailDeps } from './email-message';
export { writeBookingEmail } from './email-service';
export { lockBooking, newBookingFigures, recomputeBooking, writeHistory } from './ledger';
export { answerPriceChangeLocked } from './price-change-answer';
export { priceChangesOf } from './price-changes';
export { selectQuickSearchBookings } from './queries';
export { RECIPIENT } from './recipient';
export { releaseRooms, takeRoomNights } from './room-stock';
export { priceTourLine } from './tour-lines';
export {
  agentBookingToReview,
  balanceOutstanding,
  changesPending,
  guestCount,
  missingDetails,
  passengerCount,
  passportsMissing,
  workListConditions,
  workListFilters,
} from './work-lists';

/** The area's routes, registered under /api by areas/index.ts in this order. */
export const routes: AreaRoutes = [
  bookingRoutes,
  bookingFileRoutes,
  bookingDocumentRoutes,
  bookingEditRoutes,
  bookingInstalmentRoutes,
  bookingEmailRoutes,
  bookingPriceChangeRoutes,
];
