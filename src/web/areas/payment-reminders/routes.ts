import type { Screen } from '../../ui/screen';

/** The screens of this area, by their named routes (src/shared/routes). */
export const routes: readonly Screen[] = [
  {
    route: 'payment-reminders',
    load: () => import('./PaymentRemindersPage').then((m) => m.PaymentRemindersPage),
  },
  {
    route: 'payment-reminder-create',
    load: () => import('./ReminderRuleFormPage').then((m) => m.ReminderRuleCreatePage),
  },
  {
    route: 'payment-reminder-edit',
    load: () => import('./ReminderRuleFormPage').then((m) => m.ReminderRuleEditPage),
  },
];
