/** An exchange rate for display: at least 2 decimals, no trailing zeros beyond ('1.3' → '1.30', '1.2745'). */
export function formatRate(rate: string | number | null | undefined): string {
  if (rate === null || rate === undefined || rate === '') return '';
  const [whole, frac = ''] = String(rate).split('.');
  return `${whole}.${frac.replace(/0+$/, '').padEnd(2, '0')}`;
}
