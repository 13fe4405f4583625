import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { type CurrentRate, currencyApi } from '../../../shared/api/currency';
import { api } from '../../api/client';
import { keys } from '../../api/query-keys';

/** Value of the currency select: the currency id, or 'GBP' for sterling (no id). */
export const currencyValue = (id: number | null | undefined) => (id == null ? 'GBP' : String(id));
/** The payload's selected_currency from the select's value. */
export const currencyPayload = (value: string | null) => (!value || value === 'GBP' ? 'GBP' : Number(value));

/** Rates valid today (GET currency-exchange/get-current-list); sterling (GBP, rate 1) comes first. */
export function useCurrentRates() {
  return useQuery({
    queryKey: keys.currency.list('current'),
    queryFn: ({ signal }) => api.call(currencyApi.currentList, { signal }).then((r) => r.data),
    staleTime: 60_000,
  });
}

/** Select options of the current rates: '{name} ({short_name})', valued by currencyValue. */
export function currencyOptions(rates: CurrentRate[] | undefined) {
  const list = rates?.length
    ? rates
    : [{ currency_id: null, name: 'Sterling', short_name: 'GBP' } as CurrentRate];
  return list.map((r) => ({ value: currencyValue(r.currency_id), label: `${r.name} (${r.short_name})` }));
}

/** The spec's default availability range (spec 3 §9): today to the end of the current month. */
export function defaultRange(): [string, string] {
  const today = dayjs();
  return [today.format('YYYY-MM-DD'), today.endOf('month').format('YYYY-MM-DD')];
}
