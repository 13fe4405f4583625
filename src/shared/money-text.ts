import Decimal from 'decimal.js';

/**
 * Money as staff read it, everywhere (screens, history comments, emails): '£1,959.10', negative
 * '-£12.00' (the ASCII hyphen, so it can be typed back and searched for). Decimal arithmetic
 * (decimal.js), never a float: '0.285' shows as £0.29 (half away from zero) and large values stay
 * exact. Numbers and Decimals are accepted; null/undefined/'' give ''. Text that is not an amount
 * ('n/a') is returned as it is.
 */
export function poundsText(value: string | number | { toString(): string } | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const text = (typeof value === 'string' ? value : String(value)).trim().replace(/,/g, '');
  if (!/^-?(\d+\.?\d*|\.\d+)$/.test(text)) return String(value);
  const pence = new Decimal(text).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  const [whole, fraction] = pence.abs().toFixed(2).split('.');
  const sign = pence.isNegative() && !pence.isZero() ? '-' : '';
  return `${sign}£${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${fraction}`;
}
