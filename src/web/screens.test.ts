import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { implementedRoutes, type RouteName, routeByName } from '../shared/routes';
import { screens } from './screens';

describe('screens', () => {
  // Moved from src/shared/routes.test.ts when the router came to be built from each area's routes.ts:
  // a screen is routed when an area lists it, or router.tsx names it itself (the sign-in page).
  it('routes every implemented screen in the web router', () => {
    const router = readFileSync(new URL('./router.tsx', import.meta.url), 'utf8');
    const listed = new Set<string>(screens.map((s) => s.route));
    for (const name of implementedRoutes) {
      expect(routeByName[name], name).toBeDefined();
      const routed =
        listed.has(name) ||
        router.includes(`routeByName['${name}']`) ||
        router.includes(`routeByName.${name}.`) ||
        router.includes(`pathTo('${name}')`);
      expect(routed, `${name} is in implementedRoutes but not in router.tsx`).toBe(true);
    }
  });

  it('lists each screen once, and only implemented routes', () => {
    const names = screens.map((s) => s.route);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(implementedRoutes.has(name as RouteName), name).toBe(true);
  });
});
