import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_DOCS_PREFIX, buildApp } from '../../src/server/app';
import type { Db } from '../../src/server/db/client';
import { testConfig } from '../helpers/app';

// The one contract (issue #11 point 2), checked over every route of the built app with no hand
// list: each /api route is an endpoint of src/shared/api registered through http/route.ts, so it
// validates its request and serialises its answer through the answer schema (a column that is not
// in the answer never leaves); OpenAPI documents every answer; and no answer names a secret.

interface Schema {
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
}

/** Every property name in a JSON schema, at any depth. */
function propertyNames(schema: Schema | undefined, out: string[] = []): string[] {
  if (!schema || typeof schema !== 'object') return out;
  for (const [name, child] of Object.entries(schema.properties ?? {})) {
    out.push(name);
    propertyNames(child, out);
  }
  propertyNames(schema.items, out);
  for (const list of [schema.anyOf, schema.oneOf, schema.allOf])
    for (const s of list ?? []) propertyNames(s, out);
  return out;
}

describe('the API contract', () => {
  let app: FastifyInstance;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'contract-'));
    // Registration touches no database.
    app = await buildApp({ db: {} as Db, config: testConfig({ DATA_DIR: dataDir }), webDir: '/nonexistent' });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const apiRoutes = () =>
    app.routeTable.filter(
      (r) =>
        r.url.startsWith('/api/') &&
        !r.url.startsWith(API_DOCS_PREFIX) &&
        !(Array.isArray(r.method) ? r.method : [r.method]).every((m) => m === 'HEAD'),
    );

  it('registers every /api route as an endpoint of the contract, with its answer schema', () => {
    const routes = apiRoutes();
    expect(routes.length).toBeGreaterThan(200);
    const outside = routes.filter((r) => !r.config?.contract).map((r) => `${r.method} ${r.url}`);
    expect(outside, 'routes not declared in src/shared/api and registered with route()').toEqual([]);
    const noAnswer = routes
      .filter((r) => r.config?.contract === 'json')
      .filter((r) => !(r.schema?.response as Record<string, unknown> | undefined)?.['200'])
      .map((r) => `${r.method} ${r.url}`);
    expect(noAnswer).toEqual([]);
  });

  it('documents every JSON answer in OpenAPI, and no answer names a password, hash or secret', () => {
    const doc = app.swagger() as {
      paths: Record<
        string,
        Record<string, { responses?: Record<string, { content?: Record<string, { schema: Schema }> }> }>
      >;
    };
    const undocumented: string[] = [];
    const secrets: string[] = [];
    for (const r of apiRoutes()) {
      if (r.config?.contract !== 'json' || r.schema?.hide) continue;
      const openApiPath = r.url.replace(/:([A-Za-z_]\w*)/g, '{$1}');
      for (const method of Array.isArray(r.method) ? r.method : [r.method]) {
        if (method === 'HEAD') continue;
        const op = doc.paths[openApiPath]?.[method.toLowerCase()];
        const schema = op?.responses?.['200']?.content?.['application/json']?.schema;
        if (!schema) {
          undocumented.push(`${method} ${r.url}`);
          continue;
        }
        for (const name of propertyNames(schema)) {
          // Flags about a secret (has_password) are fine; the secret's value never is.
          if (/^(?!is_|has_).*(password|hash|secret)/i.test(name))
            secrets.push(`${method} ${r.url}: ${name}`);
        }
      }
    }
    expect(undocumented).toEqual([]);
    expect(secrets).toEqual([]);
  });

  it('describes every file answer in OpenAPI as its media types, each a binary string', () => {
    const doc = app.swagger() as {
      paths: Record<
        string,
        Record<
          string,
          {
            responses?: Record<
              string,
              { content?: Record<string, { schema: { type?: string; format?: string } }> }
            >;
          }
        >
      >;
    };
    const undescribed: string[] = [];
    let files = 0;
    for (const r of apiRoutes()) {
      const openApiPath = r.url.replace(/:([A-Za-z_]\w*)/g, '{$1}');
      for (const method of Array.isArray(r.method) ? r.method : [r.method]) {
        if (method === 'HEAD') continue;
        const content = doc.paths[openApiPath]?.[method.toLowerCase()]?.responses?.['200']?.content ?? {};
        const binaries = Object.entries(content).filter(([type]) => type !== 'application/json');
        if (r.config?.contract === 'file' && !binaries.length) undescribed.push(`${method} ${r.url}`);
        for (const [type, { schema }] of binaries) {
          files++;
          if (!/^[a-z]+\/[\w.+-]+$/.test(type) || schema.type !== 'string' || schema.format !== 'binary')
            undescribed.push(`${method} ${r.url}: ${type} ${JSON.stringify(schema)}`);
        }
      }
    }
    expect(undescribed).toEqual([]);
    // 30 downloads and reports (issue #21 point 9), some in more than one type.
    expect(files).toBeGreaterThanOrEqual(30);
  });
});
