import { londonToday } from '../../../shared/dates';
import type { Db } from '../../db/client';
import { INK, type Letterhead, loadLetterhead, onLetterhead } from '../../documents/letterhead';
import { renderPdf, type TableCell, type TDocumentDefinitions } from '../../documents/pdf';
import { addressBlock, day, gbp, note, opening, table, title } from '../bookings';
import type { StatementDocument } from './statement';

/**
 * The commission statement as an A4 PDF on the operator's letterhead (the booking documents' kit:
 * documents/letterhead.ts, the house table of bookings/documents/format.ts): the title and month,
 * the agency (name, address, ABTA), a facts panel, then one table row per booking — reference with
 * the client and a cancelled mark, departure and booking dates (DD/MM/YYYY), gross, commission,
 * VAT, net, paid and net balance (£1,234.56) — and a totals row. The table's header repeats on
 * every page and rows never split, so a long month runs onto as many pages as it needs; the booking
 * column takes what the money columns (sized to their widest figure) leave, and wraps.
 */

/** The file's name: 'Commission-statement-2026-11.pdf'. */
export const statementPdfName = (month: string) => `Commission-statement-${month}.pdf`;

const SMALL = 7.5;

/** The document definition of statement `s`, printed on `today` ('YYYY-MM-DD'). */
export function statementDocument(
  s: StatementDocument,
  letterhead: Letterhead,
  today: string,
): TDocumentDefinitions {
  const money = (amount: string): TableCell => ({ text: gbp(amount), noWrap: true });
  const rows: TableCell[][] = s.rows.map((r) => [
    {
      stack: [
        { text: r.booking_ref, bold: true },
        ...(r.client ? [{ text: r.client, color: INK.muted, fontSize: SMALL }] : []),
        ...(r.status === 'Cancelled'
          ? [{ text: 'Cancelled', color: INK.danger, bold: true, fontSize: SMALL }]
          : []),
      ],
    },
    {
      stack: [
        { text: day(r.departure_date) || '—', noWrap: true },
        { text: `booked ${day(r.booked_on)}`, color: INK.muted, fontSize: SMALL, noWrap: true },
      ],
    },
    money(r.gross),
    money(r.commission),
    money(r.vat),
    money(r.net),
    money(r.paid),
    money(r.net_balance),
  ]);
  const t = s.totals;
  const count = `${s.rows.length} booking${s.rows.length === 1 ? '' : 's'}`;
  return onLetterhead(letterhead, {
    title: 'Commission statement',
    reference: `${s.agency} · ${s.month_name}`,
    content: [
      opening(
        [
          title('Commission statement', `Bookings departing in ${s.month_name}`),
          {
            ...addressBlock('Agency', s.agency, s.address, s.abta ? [`ABTA ${s.abta}`] : []),
            margin: [0, 14, 0, 0],
          },
        ],
        [
          ['Month', s.month_name],
          ['Statement date', day(today)],
          ['Bookings', String(s.rows.length)],
          ['Commission', gbp(t.commission)],
          ['Net balance', gbp(t.net_balance)],
        ],
      ),
      s.rows.length
        ? {
            fontSize: 8,
            stack: [
              table({
                title: 'Bookings',
                widths: ['*', 'auto', 'auto', 'auto', 'auto', 'auto', 'auto', 'auto'],
                head: [
                  'Booking / client',
                  'Departure',
                  'Gross',
                  'Commission',
                  'VAT',
                  'Net',
                  'Paid',
                  'Net balance',
                ],
                align: ['left', 'left', 'right', 'right', 'right', 'right', 'right', 'right'],
                rows,
                footRows: [
                  [
                    { text: `Total (${count})` },
                    { text: '' },
                    money(t.gross),
                    money(t.commission),
                    money(t.vat),
                    money(t.net),
                    money(t.paid),
                    money(t.net_balance),
                  ],
                ],
              }),
            ],
          }
        : note(`No bookings of ${s.agency} depart in ${s.month_name}.`, [0, 16, 0, 0]),
      note(
        'Gross is the total due of each booking (a cancelled booking: its cancellation charge). Commission is paid on the total due less non-commissionable extras, at the booking’s commission rate; VAT is charged on the commission. Net is gross less commission and VAT; the net balance is the total due less payments received, commission and VAT, never below £0.00.',
        [0, 12, 0, 0],
      ),
    ],
  });
}

/** The statement's PDF bytes, on the letterhead of the system settings, dated today (London). */
export async function statementPdf(db: Db, s: StatementDocument): Promise<Buffer> {
  return renderPdf(statementDocument(s, await loadLetterhead(db), londonToday()));
}
