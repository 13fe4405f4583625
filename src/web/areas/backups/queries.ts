import { useQuery } from '@tanstack/react-query';
import { backupsApi } from '../../../shared/api/backups';
import { api } from '../../api/client';
import { keys } from '../../api/query-keys';

/** The backups screen's data, under `keys.backups` (issue #14, issue #28). */

/** The backups, the storage they use and the folders offered. */
export const useBackups = () =>
  useQuery({
    queryKey: keys.backups.all,
    queryFn: () => api.call(backupsApi.list),
  });

/** How long generated files are kept. */
export const useRetention = () =>
  useQuery({
    queryKey: keys.backups.sub('retention', 'periods'),
    queryFn: () => api.call(backupsApi.retention),
  });
