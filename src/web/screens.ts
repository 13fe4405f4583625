/// <reference types="vite/client" />
import { routes as agentRoutes } from './agent/routes';
import { routes as portalRoutes } from './portal/routes';
import type { Screen } from './ui/screen';

/**
 * Every screen of the web app: what each area exports from its `areas/<area>/routes.ts` (found by
 * name, so a new area needs no line here), the customer's portal and the travel agent's side. `router.tsx` builds the router
 * from this list; `screens.test.ts` checks it routes exactly the table's `implementedRoutes`.
 */
const areaRoutes = import.meta.glob<readonly Screen[]>('./areas/*/routes.ts', {
  eager: true,
  import: 'routes',
});

export const screens: readonly Screen[] = [
  ...Object.values(areaRoutes).flat(),
  ...portalRoutes,
  ...agentRoutes,
];
