import { useQuery } from '@tanstack/react-query';
import { authApi } from '../../../shared/api/auth';
import type { Customer } from '../../../shared/api/customers';
import { systemSettingsApi } from '../../../shared/api/system-settings';
import { api } from '../../api/client';
import { keys } from '../../api/query-keys';
import type { CustomerHit } from '../../ui/CustomerTypeahead';

/** The system setting holding the one external mail domain of custom airline addresses (spec 1 §4). */
const AIRLINE_DOMAIN_SETTING = 'airline_reference_email_domain';

/** A customer as the typeahead shows a choice. */
export const toHit = (c: Customer): CustomerHit => ({
  id: c.id,
  first_name: c.first_name,
  last_name: c.last_name,
  full_name: c.full_name,
  postcode: c.postcode,
  email: c.email,
});

/** The name a customer choice shows: full name, else first and last, else its number. */
export const hitName = (h: CustomerHit) =>
  h.full_name || [h.first_name, h.last_name].filter(Boolean).join(' ') || `Customer #${h.id}`;

/** The signed-in member of staff's id (POST details, cached by the shell), or null until known. */
export function useStaffId(): number | null {
  const me = useQuery({
    queryKey: keys.session.one('me'),
    queryFn: ({ signal }) => api.call(authApi.details, { signal }).then((r) => r.data),
    staleTime: 5 * 60_000,
  });
  return me.data?.id ?? null;
}

/**
 * The one external mail domain custom airline addresses may use (spec 1 §4), read from the system
 * settings; none when the setting is missing or cannot be read (the address is then typed).
 */
export function useAirlineDomains(): string[] {
  const query = useQuery({
    queryKey: keys.systemSettings.list(AIRLINE_DOMAIN_SETTING),
    queryFn: ({ signal }) =>
      api
        .call(systemSettingsApi.table, {
          query: { draw: 1, start: 0, length: 10, search: { value: AIRLINE_DOMAIN_SETTING } },
          signal,
        })
        .then((r) => r.data),
    staleTime: 5 * 60_000,
    retry: false,
  });
  const value = query.data?.find((s) => s.name === AIRLINE_DOMAIN_SETTING)?.value?.trim();
  return value ? [value] : [];
}
