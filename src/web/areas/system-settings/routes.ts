import type { Screen } from '../../ui/screen';

/** The screens of this area, by their named routes (src/shared/routes). */
export const routes: readonly Screen[] = [
  {
    route: 'system-settings',
    load: () => import('./SystemSettingsListPage').then((m) => m.SystemSettingsListPage),
  },
  {
    route: 'system-setting-create',
    load: () => import('./SystemSettingFormPage').then((m) => m.SystemSettingCreatePage),
  },
  {
    route: 'system-setting-edit',
    load: () => import('./SystemSettingFormPage').then((m) => m.SystemSettingEditPage),
  },
];
