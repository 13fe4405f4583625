import { type Letterhead, registrationLine } from '../documents/letterhead';
import { escapeHtml } from '../lib/html';
import { htmlToText } from './plain-text';
import { emailDocument } from './templates';

/**
 * The one shape of every email the system sends (issue #22 point 3), applied by `enqueueEmail` so
 * no sender can skip it: the sender's HTML (a fragment or an `emailDocument`) with the company's
 * footer — the letterhead of the PDFs (documents/letterhead.ts, system settings): company name,
 * address, telephone, email and website, and the ABTA / ATOL / VAT numbers — and a plain-text part
 * made from that HTML (`htmlToText`). Blank settings are left out; with none set there is no footer.
 */

/** The footer as HTML (inline styles: what mail clients keep); '' when no company detail is set. */
export function emailFooterHtml(l: Letterhead): string {
  const contact = [l.company_phone && `Tel ${l.company_phone}`, l.company_email, l.company_website].filter(
    Boolean,
  );
  const lines = [
    l.company_name && `<strong>${escapeHtml(l.company_name)}</strong>`,
    l.company_address && escapeHtml(l.company_address.replace(/\s*\r?\n\s*/g, ', ')),
    contact.length > 0 && escapeHtml(contact.join(' · ')),
    registrationLine(l) && escapeHtml(registrationLine(l).replace(/\s+·\s+/g, ' · ')),
  ].filter(Boolean);
  if (lines.length === 0) return '';
  return (
    '<div style="margin-top:24px;padding-top:12px;border-top:1px solid #ced4da;font-size:12px;' +
    `line-height:1.5;color:#5b6470"><p style="margin:0">${lines.join('<br>')}</p></div>`
  );
}

/** The HTML as sent: the sender's body inside `emailDocument` (kept when already one), footer last. */
export function withFooter(html: string, footer: string): string {
  const docEnd = '</div></body></html>';
  if (html.endsWith(docEnd)) return html.slice(0, -docEnd.length) + footer + docEnd;
  const bodyEnd = html.lastIndexOf('</body>');
  if (bodyEnd >= 0) return html.slice(0, bodyEnd) + footer + html.slice(bodyEnd);
  return emailDocument(html + footer);
}

/** The message's final HTML (with the footer) and its plain-text part. */
export function composeEmail(l: Letterhead, html: string): { html: string; text: string } {
  const full = withFooter(html, emailFooterHtml(l));
  return { html: full, text: htmlToText(full) };
}
