/**
 * The model of the Hydra documentation, derived from the endpoints' contracts (ADR 009) — nothing is declared twice:
 *
 * - **classes**: every zod object with a `@type` literal met in a success answer is a class (`Client`); its members
 *   (but `@context`, `@id`, `@type`) are its properties, merged over every representation of the class (the list item,
 *   the detail, an embedded summary). A property is `required` when every representation has it, never null.
 * - **collections**: each `GET` without path parameters answering a Hydra collection of a class is a collection of
 *   the entrypoint (`/api/clients` → `Client`); its operations are that `GET` and a `POST` on the same path answering
 *   the class.
 * - **operations** of a class: every other endpoint answering the class (`GET /api/clients/{id}`, `PUT`, `PATCH`),
 *   and every endpoint without a body in answer (204) on an item path `<collection>/:param` (`DELETE`).
 *   Sub-collections (`/api/sites/{id}/equipment`) and answers that are no class (`{list, total}`) are not described.
 */
import { defaultStatus, type EndpointDefinition } from '@isoptera/contracts';
import type { z } from 'zod';
import { answerClassOf, classOf, collectionClassOf, objectSchemasUnder, rangeOf, shapeOf, unwrap } from './zod-walk.js';

/** A property of a class. */
export interface HydraPropertyModel {
  name: string;
  /** `xmls:*` or `#Type` ranges, in order of discovery; empty when unknown (a plain value object). */
  ranges: string[];
  /** A single embedded resource (`owl:maxCardinality` 1). */
  single: boolean;
  required: boolean;
  /** A write operation of the class names it at the top level of its body. */
  writeable: boolean;
  description: string | undefined;
}

/** An operation, as Hydra names it. */
export interface HydraOperationModel {
  method: string;
  title: string;
  /** `#Type`, `hydra:Collection` or `owl:Nothing`. */
  returns: string;
  /** For writes: `#Type` when a body is sent, else `owl:Nothing`. */
  expects: string | undefined;
}

export interface HydraClassModel {
  name: string;
  properties: Map<string, HydraPropertyModel>;
  operations: HydraOperationModel[];
}

/** A collection of the entrypoint: `key` is its member name in `GET /api`. */
export interface HydraCollectionModel {
  key: string;
  path: string;
  className: string;
  operations: HydraOperationModel[];
}

export interface HydraModel {
  /** By name, sorted. */
  classes: Map<string, HydraClassModel>;
  /** Sorted by key. */
  collections: HydraCollectionModel[];
}

const JSON_LD_KEYS = new Set(['@context', '@id', '@type']);
const WRITES = new Set(['POST', 'PUT', 'PATCH']);

/** The schema of the endpoint's default success answer (null for 204). */
function answerOf(endpoint: EndpointDefinition): z.ZodType | null {
  return endpoint.responses[defaultStatus(endpoint)] ?? null;
}

/** Adds one representation (`schema`, an object with `@type` `name`) of a class to `classes`. */
function addRepresentation(
  classes: Map<string, HydraClassModel>,
  seen: Map<string, number>,
  name: string,
  schema: z.ZodType,
) {
  const model = classes.get(name) ?? { name, properties: new Map(), operations: [] };
  classes.set(name, model);
  const count = (seen.get(name) ?? 0) + 1;
  seen.set(name, count);
  const keys = new Set<string>();
  for (const [key, member] of Object.entries(shapeOf(schema))) {
    if (JSON_LD_KEYS.has(key)) continue;
    keys.add(key);
    const { optional, nullable, description } = unwrap(member);
    const range = rangeOf(member);
    const known = model.properties.get(key);
    const required = !optional && !nullable && (known ? known.required : count === 1);
    model.properties.set(key, {
      name: key,
      ranges: [...new Set([...(known?.ranges ?? []), ...range.ranges])],
      single: (known?.single ?? true) && range.embedsClass && !range.many,
      required,
      writeable: false,
      description: known?.description ?? description,
    });
  }
  // a property this representation lacks is not always there
  for (const property of model.properties.values()) if (!keys.has(property.name)) property.required = false;
}

const camelCase = (segment: string) => segment.replace(/[_-]+([a-z0-9])/g, (_, c: string) => c.toUpperCase());
const lowerFirst = (name: string) => name.charAt(0).toLowerCase() + name.slice(1);

/** Hydra's operation for an endpoint that answers `returns`. */
function operationOf(endpoint: EndpointDefinition, returns: string, expects: string): HydraOperationModel {
  return {
    method: endpoint.method,
    title: endpoint.summary,
    returns,
    expects: WRITES.has(endpoint.method) ? (endpoint.body ? expects : 'owl:Nothing') : undefined,
  };
}

/** Marks the properties of `model` that the top level of `endpoint`'s body names as writeable. */
function markWriteable(model: HydraClassModel, endpoint: EndpointDefinition) {
  if (!endpoint.body || !WRITES.has(endpoint.method)) return;
  for (const key of Object.keys(shapeOf(endpoint.body))) {
    const property = model.properties.get(key);
    if (property) property.writeable = true;
  }
}

/** The Hydra model of `endpoints` (the API's contracts, the documentation's own endpoints left out). */
export function buildHydraModel(endpoints: readonly EndpointDefinition[]): HydraModel {
  const classes = new Map<string, HydraClassModel>();
  const seen = new Map<string, number>();
  const objects = new Set<z.ZodType>();
  for (const endpoint of endpoints) {
    for (const schema of Object.values(endpoint.responses)) if (schema) objectSchemasUnder(schema, objects);
  }
  for (const schema of objects) {
    const name = classOf(schema);
    if (name) addRepresentation(classes, seen, name, schema);
  }

  const collectionPaths = new Map<string, string>();
  for (const endpoint of endpoints) {
    const answer = answerOf(endpoint);
    const member = answer && endpoint.method === 'GET' ? collectionClassOf(answer) : undefined;
    if (member && !endpoint.path.includes(':')) collectionPaths.set(endpoint.path, member);
  }
  const collectionOps = new Map<string, HydraOperationModel[]>([...collectionPaths.keys()].map((path) => [path, []]));

  for (const endpoint of endpoints) {
    const answer = answerOf(endpoint);
    const member = answer ? collectionClassOf(answer) : undefined;
    if (member) {
      if (endpoint.method === 'GET' && collectionPaths.has(endpoint.path)) {
        collectionOps.get(endpoint.path)?.push(operationOf(endpoint, 'hydra:Collection', `#${member}`));
      }
      continue;
    }
    const parent = endpoint.path.replace(/\/:[A-Za-z_][A-Za-z0-9_]*$/, '');
    const name = answer ? answerClassOf(answer) : parent !== endpoint.path ? collectionPaths.get(parent) : undefined;
    const model = name ? classes.get(name) : undefined;
    if (!name || !model) continue;
    const operation = operationOf(endpoint, answer ? `#${name}` : 'owl:Nothing', `#${name}`);
    if (endpoint.method === 'POST' && collectionPaths.get(endpoint.path) === name) {
      collectionOps.get(endpoint.path)?.push(operation);
    } else {
      model.operations.push(operation);
    }
    markWriteable(model, endpoint);
  }

  const perClass = new Map<string, number>();
  for (const name of collectionPaths.values()) perClass.set(name, (perClass.get(name) ?? 0) + 1);
  const keys = new Set<string>();
  const collections = [...collectionPaths].map(([path, className]) => {
    // API Platform names a collection after its class; several collections of one class after their paths
    const byPath = camelCase(path.split('/').pop() ?? path);
    const byClass = lowerFirst(className);
    const key = perClass.get(className) === 1 && !keys.has(byClass) ? byClass : byPath;
    keys.add(key);
    return { key, path, className, operations: collectionOps.get(path) ?? [] };
  });
  collections.sort((a, b) => a.key.localeCompare(b.key));
  return { classes: new Map([...classes].sort(([a], [b]) => a.localeCompare(b))), collections };
}
