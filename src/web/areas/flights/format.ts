/**
 * Flight times are the airports' local times (no time zone): 'YYYY-MM-DDTHH:mm' on the wire, shown
 * 'DD/MM/YYYY hh:mm A' (spec 3 §9 'flights tables with time as DD/MM/YYYY hh:mm A').
 */
export function formatFlightTime(value: string | null | undefined): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})/.exec(value ?? '');
  if (!m) return '';
  const hour = Number(m[4]);
  const h12 = hour % 12 === 0 ? 12 : hour % 12;
  return `${m[3]}/${m[2]}/${m[1]} ${String(h12).padStart(2, '0')}:${m[5]} ${hour < 12 ? 'AM' : 'PM'}`;
}

/** Splits 'YYYY-MM-DDTHH:mm' into the date and time fields of a form. */
export function splitDateTime(value: string | null | undefined): { date: string | null; time: string } {
  const m = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})/.exec(value ?? '');
  return m ? { date: m[1], time: m[2] } : { date: null, time: '' };
}

/** Joins a form's date and time into 'YYYY-MM-DDTHH:mm' ('' when either is missing). */
export function joinDateTime(date: string | null, time: string): string {
  return date && time ? `${date}T${time}` : '';
}
