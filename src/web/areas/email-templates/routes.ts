import type { Screen } from '../../ui/screen';

/** The screens of this area, by their named routes (src/shared/routes). */
export const routes: readonly Screen[] = [
  {
    route: 'email-template',
    load: () => import('./EmailTemplatesListPage').then((m) => m.EmailTemplatesListPage),
  },
  {
    route: 'create-template',
    load: () => import('./EmailTemplateFormPage').then((m) => m.EmailTemplateCreatePage),
  },
  {
    route: 'edit-template',
    load: () => import('./EmailTemplateFormPage').then((m) => m.EmailTemplateEditPage),
  },
];
