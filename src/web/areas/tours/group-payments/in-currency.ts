import { moneyText } from '../../../../shared/money-text';

/** '€1,000.00' in the given currency; '—' when there is no amount. */
export const inCurrency = (value: string | number | null | undefined, currency: string | null | undefined) =>
  value === null || value === undefined || value === '' ? '—' : moneyText(value, currency);
