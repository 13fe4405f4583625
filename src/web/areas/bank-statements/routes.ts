import type { Screen } from '../../ui/screen';

/** Issue #26: bank statements. */
export const routes: readonly Screen[] = [
  { route: 'bank-statements', load: () => import('./BankStatementsPage').then((m) => m.BankStatementsPage) },
  { route: 'bank-statement', load: () => import('./BankStatementPage').then((m) => m.BankStatementPage) },
];
