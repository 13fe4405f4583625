import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { AreaDeps, AreaRoutes } from './deps';

const AREAS_DIR = path.dirname(fileURLToPath(import.meta.url));

/**
 * The areas: every folder here, by name (DESIGN.md §3). Each has an `index.ts`, its public module,
 * exporting `routes`; adding an area is adding its folder — there is no list to keep.
 */
export const AREA_NAMES: readonly string[] = readdirSync(AREAS_DIR, { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name)
  .sort();

/** Registers every area's routes under /api, area by area in name order. */
export async function registerAreas(api: FastifyInstance, deps: AreaDeps) {
  for (const name of AREA_NAMES) {
    const area: { routes: AreaRoutes } = await import(
      pathToFileURL(path.join(AREAS_DIR, name, 'index.ts')).href
    );
    for (const plugin of area.routes) await api.register(plugin, deps);
  }
}
