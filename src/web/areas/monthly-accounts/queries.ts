import { useQuery } from '@tanstack/react-query';
import { monthlyAccountsApi } from '../../../shared/api/monthly-accounts';
import { api } from '../../api/client';
import { keys } from '../../api/query-keys';

/** Every year's account numbers, month by month (a save puts its answer under the same key). */
export const useMonthlyAccounts = () =>
  useQuery({
    queryKey: keys.monthlyAccounts.list(),
    queryFn: ({ signal }) =>
      api.call(monthlyAccountsApi.get, { signal }).then((r) => r.data.setting_meta_data),
  });
