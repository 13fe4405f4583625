import Decimal from 'decimal.js';

/**
 * Spec 2 §9 'Symbols': dollar for USD, euro for EUR, pound for Sterling and by default. The one table
 * of currency symbols (invoices, summaries, group payments, exchange rates).
 */
const CURRENCY_SYMBOLS: Readonly<Record<string, string>> = { USD: '$', EUR: '€', Sterling: '£' };

/** The symbol of an invoice currency ('USD' → '$', 'EUR' → '€'); '£' for Sterling, blank or other. */
export function currencySymbol(currency: string | null | undefined): string {
  return currency && Object.hasOwn(CURRENCY_SYMBOLS, currency) ? CURRENCY_SYMBOLS[currency] : '£';
}

/** '3417.94' → '3,417.94': commas between the thousands of the whole part, the rest as it is. */
export function groupThousands(amount: string): string {
  const [whole, fraction] = amount.split('.');
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${fraction ? `.${fraction}` : ''}`;
}

/**
 * Money as staff read it, everywhere (screens, history comments, emails, documents): '£1,959.10',
 * '€2,340.00', negative '-£12.00' (the ASCII hyphen, so it can be typed back and searched for).
 * `currency` is an invoice currency ('USD', 'EUR', 'Sterling'; `currencySymbol`), pounds when
 * blank. Decimal arithmetic (decimal.js), never a float: '0.285' shows as £0.29 (half away from
 * zero) and large values stay exact. Numbers and Decimals are accepted; null/undefined/'' give ''.
 * Text that is not an amount ('n/a') is returned as it is.
 */
export function moneyText(
  value: string | number | { toString(): string } | null | undefined,
  currency?: string | null,
): string {
  if (value === null || value === undefined || value === '') return '';
  const text = (typeof value === 'string' ? value : String(value)).trim().replace(/,/g, '');
  if (!/^-?(\d+\.?\d*|\.\d+)$/.test(text)) return String(value);
  const pence = new Decimal(text).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  const sign = pence.isNegative() && !pence.isZero() ? '-' : '';
  return `${sign}${currencySymbol(currency)}${groupThousands(pence.abs().toFixed(2))}`;
}

/** Pounds as staff read them: `moneyText` in Sterling ('£1,959.10', '-£12.00'). */
export function poundsText(value: string | number | { toString(): string } | null | undefined): string {
  return moneyText(value);
}

/**
 * An exchange rate as the arithmetic uses it (issue #22 point 10): every rate in the product is
 * "foreign units per pound" — an amount in the other currency ÷ rate = pounds (spec 2 §9 and the
 * availability prices) — so a rate of 1.17 on euros reads '£1 = €1.17', and €2,450 at that rate
 * is £2,094.02. `symbol` is the other currency's symbol ('€', '$'; `currencySymbol` of
 * shared/api/invoices.ts gives it from 'EUR'/'USD'); `rate` is decimal text or a number, shown with
 * its trailing zeros dropped but at least 2 decimals. A blank rate shows '…' ('£1 = €…').
 */
export function exchangeRateText(symbol: string, rate: string | number | null | undefined): string {
  const text = rate === null || rate === undefined ? '' : String(rate).trim();
  if (!/^\d+(\.\d*)?$|^\.\d+$/.test(text)) return `£1 = ${symbol}${text || '…'}`;
  const [whole, frac = ''] = text.split('.');
  return `£1 = ${symbol}${whole || '0'}.${frac.replace(/0+$/, '').padEnd(2, '0')}`;
}
