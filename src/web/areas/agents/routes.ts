import type { Screen } from '../../ui/screen';

/**
 * Spec 2 §2 Agents. agent-edit also answers at the spec's /agent/edit/{id} (its alias); the
 * password-reset page (spec 2 §7) is public, so it opens outside the staff shell without a login.
 */
export const routes: readonly Screen[] = [
  {
    route: 'agent-password-reset',
    load: () => import('./AgentResetPasswordPage').then((m) => m.AgentResetPasswordPage),
  },
  { route: 'agents', load: () => import('./AgentsListPage').then((m) => m.AgentsListPage) },
  { route: 'agent-create', load: () => import('./AgentFormPage').then((m) => m.AgentCreatePage) },
  { route: 'agent-edit', load: () => import('./AgentFormPage').then((m) => m.AgentEditPage) },
];
