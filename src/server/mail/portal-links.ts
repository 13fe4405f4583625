import { pathTo } from '../../shared/routes';
import type { Db } from '../db/client';
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
