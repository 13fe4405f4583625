import { PageHeader } from '../ui/PageHeader';

/** Spec 1 §2: the dashboard is a heading only. */
export function DashboardPage() {
  return <PageHeader title="Dashboard" />;
}
