import type { ComponentType } from 'react';
import type { RouteName } from '../../shared/routes';

/**
 * One screen of the web app: the named route it answers (src/shared/routes, with its aliases) and
 * how its page loads on first visit, so the first paint carries only the shell. Each area lists its
 * screens in its own `routes.ts` (`export const routes: readonly Screen[]`); `src/web/screens.ts`
 * gathers them and `router.tsx` builds the router from them, so a new screen is one line in its area.
 * A route the table marks `public` is served outside the staff shell, without a login.
 */
export interface Screen {
  route: RouteName;
  /** The page component, loaded on first visit. */
  load: () => Promise<ComponentType>;
  /** The page's own error boundary, loaded with it (the portal's, without a staff link). */
  errorPage?: () => Promise<ComponentType>;
}
