import { pathTo } from '../../shared/routes';
import type { Db } from '../db/client';
import { escapeHtml } from '../lib/html';
import { issuePortalLink } from '../users/portal';

/**
 * The personal links of one email about booking `bookingId` going to `to` (issue #23): 'Manage your
 * booking' (`/my-booking/link#t=…`) and 'Accept your booking' (`…&accept=1`) at `baseUrl`
 * (config.appUrl). The token travels in the fragment, so it never reaches a server log or a
 * Referer. Issued in the caller's transaction; null when `to` is not the booking's recipient.
 */
export async function portalLinks(
  tx: Db,
  bookingId: number,
  baseUrl: string,
  to: string,
): Promise<{ manage: string; accept: string } | null> {
  const token = await issuePortalLink(tx, bookingId, to);
  if (!token) return null;
  const link = `${baseUrl.replace(/\/+$/, '')}${pathTo('portal-link')}#t=${token}`;
  return { manage: link, accept: `${link}&accept=1` };
}

/**
 * A paragraph with the personal 'Manage your booking' link, for emails that are not written from a
 * template (the ATOL certificate on its own, the change notice): '' when `to` is not the booking's
 * recipient or there is no public address to link from.
 */
export async function manageBookingParagraph(
  tx: Db,
  bookingId: number,
  baseUrl: string | undefined,
  to: string,
): Promise<string> {
  if (!baseUrl) return '';
  const links = await portalLinks(tx, bookingId, baseUrl, to);
  if (!links) return '';
  return `<p>You can see your booking, its documents and payments at any time: <a href="${escapeHtml(links.manage)}">Manage your booking</a></p>`;
}
