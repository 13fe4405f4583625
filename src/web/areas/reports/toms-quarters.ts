import { addMonths, londonToday } from '../../../shared/dates';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** HMRC's three VAT staggers, by the months their quarters end in. */
const STAGGERS = [
  { group: 'Quarters ending Mar, Jun, Sep, Dec', firstMonth: 1 },
  { group: 'Quarters ending Apr, Jul, Oct, Jan', firstMonth: 2 },
  { group: 'Quarters ending May, Aug, Nov, Feb', firstMonth: 3 },
] as const;

/** 'Jan–Mar 2026' or 'Dec 2025 – Feb 2026' for the quarter starting on `from` (YYYY-MM-01). */
export function quarterLabel(from: string): string {
  const to = addMonths(from, 2);
  const [fy, fm] = [from.slice(0, 4), Number(from.slice(5, 7))];
  const [ty, tm] = [to.slice(0, 4), Number(to.slice(5, 7))];
  return fy === ty
    ? `${MONTHS[fm - 1]}–${MONTHS[tm - 1]} ${ty}`
    : `${MONTHS[fm - 1]} ${fy} – ${MONTHS[tm - 1]} ${ty}`;
}

/**
 * The VAT quarters the TOMS working offers (value 'YYYY-MM', its first month), grouped by stagger:
 * per stagger the quarter holding `today` and the `count − 1` before it, latest first.
 */
export function vatQuarterOptions(today = londonToday(), count = 8) {
  const month = Number(today.slice(5, 7));
  const firstOfMonth = `${today.slice(0, 7)}-01`;
  return STAGGERS.map((s) => {
    // Months since the stagger's quarter began (0..2).
    const into = (((month - s.firstMonth) % 3) + 3) % 3;
    const current = addMonths(firstOfMonth, -into);
    const items = Array.from({ length: count }, (_, i) => {
      const from = addMonths(current, -3 * i);
      return { value: from.slice(0, 7), label: quarterLabel(from) };
    });
    return { group: s.group, items };
  });
}
