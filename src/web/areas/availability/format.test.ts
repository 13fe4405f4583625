import { describe, expect, it } from 'vitest';
import { formatPrice } from './format';

describe('prices in their currency (spec 3 §3 Accommodation price: currency short_name, symbol)', () => {
  it('shows pounds, a foreign symbol, or the code when there is no symbol', () => {
    expect(formatPrice('89.5')).toBe('£89.50');
    expect(formatPrice('1150', { currency: { short_name: 'GBP', symbol: '£' } })).toBe('£1,150.00');
    expect(formatPrice('150', { currency: { short_name: 'EUR', symbol: '€' } })).toBe('€150.00');
    expect(formatPrice('150', { currency: { short_name: 'CHF', symbol: null } })).toBe('150.00 CHF');
  });
});
