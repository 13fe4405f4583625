import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { RouteOptions } from 'fastify';
import { buildApp } from '../../src/server/app';
import type { Db } from '../../src/server/db/client';
import { testConfig } from './app';

// The generated tests' one reading of the API (safety, file formulas): every route as registered
// and the OpenAPI document for its request schemas, from an app built without a database
// (registration touches none), so a route added tomorrow is in them tomorrow.

/** The parts of a JSON schema (as OpenAPI gives them) the generated tests read. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  /** A value the schema gives as its example (`.meta({ examples })`, OpenAPI 3.0's `example`). */
  example?: unknown;
  format?: string;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  nullable?: boolean;
}

/** An operation of the OpenAPI document: its parameters and request body. */
export interface OpenApiOperation {
  parameters?: { in: 'path' | 'query' | 'header'; name: string; required?: boolean; schema?: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}

/** The alternatives of a schema (anyOf/oneOf/allOf flattened). */
export function branches(schema: JsonSchema): JsonSchema[] {
  const list = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  return list ? list.flatMap(branches) : [schema];
}

/** The built app's route table (`app.routeTable`, in order) and its OpenAPI document's paths. */
export async function readRouteTable(): Promise<{
  table: readonly RouteOptions[];
  doc: { paths: Record<string, Record<string, OpenApiOperation>> };
}> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'route-table-'));
  const app = await buildApp({
    db: {} as Db,
    config: testConfig({ DATA_DIR: dataDir }),
    webDir: '/nonexistent',
  });
  try {
    await app.ready();
    return {
      table: app.routeTable,
      doc: app.swagger() as { paths: Record<string, Record<string, OpenApiOperation>> },
    };
  } finally {
    await app.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
