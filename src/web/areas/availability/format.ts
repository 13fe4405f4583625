import type { PriceRow } from '../../../shared/api/availability';
import { formatMoney } from '../../lib/format';

/** An amount in the price's currency: '£89.50', '$150.00', or '150.00 CHF' without a symbol. */
export function formatPrice(amount: string, price?: Pick<PriceRow, 'currency'>) {
  const pounds = formatMoney(amount);
  const symbol = price?.currency.symbol;
  if (!price || price.currency.short_name === 'GBP') return pounds;
  return symbol ? pounds.replace('£', symbol) : `${pounds.replace('£', '')} ${price.currency.short_name}`;
}
