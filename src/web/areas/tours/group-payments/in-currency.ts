import Decimal from 'decimal.js';
import { currencySymbol } from '../../../../shared/api/invoices';

/** '€1,000.00' in the given currency; '—' when there is no amount. */
export const inCurrency = (
  value: string | number | null | undefined,
  currency: string | null | undefined,
) => {
  if (value === null || value === undefined || value === '') return '—';
  const d = new Decimal(value).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  const [whole, fraction] = d.toFixed(2).split('.');
  return `${currencySymbol(currency)}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${fraction}`;
};
