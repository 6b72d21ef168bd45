/**
 * The JSON-LD documents of the API's self-description, written from the Hydra model in API Platform's format (ADR 009):
 * the entrypoint (`GET /api`), the context of each type (`GET /api/contexts/{Type}`) and the Hydra API documentation
 * (`GET /api/docs.jsonld`). As in API Platform, `@vocab` is the documentation's absolute URL on the request's origin
 * (`https://host/api/docs.jsonld#`), so `Client`'s `name` expands to `https://host/api/docs.jsonld#Client/name`.
 */
import {
  API_DOCUMENTATION_PATH,
  API_ENTRYPOINT_PATH,
  type ApiEntrypoint,
  contextIri,
  HYDRA_NS,
  type HydraApiDocumentation,
  type HydraClass,
  type HydraOperation,
  type HydraSupportedProperty,
  type JsonLdContextDocument,
} from '@isoptera/contracts';
import type { HydraClassModel, HydraModel, HydraOperationModel } from './hydra-model.js';

const ENTRYPOINT = 'Entrypoint';
const API_TITLE = 'Isoptera API';
const API_DESCRIPTION =
  'Back-office API of Isoptera: JSON-LD resources with Hydra collections, merge-patch partial updates, ' +
  'problem+json errors. The OpenAPI document is at /api/docs/json.';

/** `@vocab` of every context: the documentation's absolute URL on `origin` (`https://host`), with `#`. */
export function vocabularyOf(origin: string): string {
  return `${origin}${API_DOCUMENTATION_PATH}#`;
}

/** `GET /api`: one member per collection, named as in `/api/contexts/Entrypoint`. */
export function entrypointOf(model: HydraModel): ApiEntrypoint {
  const entrypoint: ApiEntrypoint = {
    '@context': contextIri(ENTRYPOINT),
    '@id': API_ENTRYPOINT_PATH,
    '@type': ENTRYPOINT,
  };
  for (const collection of model.collections) entrypoint[collection.key] = collection.path;
  return entrypoint;
}

/**
 * `GET /api/contexts/{type}`: the context of a class (one term per property, `Type/property` under `@vocab`) or of
 * the entrypoint (one IRI-valued term per collection); undefined for an unknown type.
 */
export function contextOf(model: HydraModel, type: string, origin: string): JsonLdContextDocument | undefined {
  const context: JsonLdContextDocument['@context'] = { '@vocab': vocabularyOf(origin), hydra: HYDRA_NS };
  if (type === ENTRYPOINT) {
    for (const { key } of model.collections) context[key] = { '@id': `${ENTRYPOINT}/${key}`, '@type': '@id' };
    return { '@context': context };
  }
  const resource = model.classes.get(type);
  if (!resource) return undefined;
  for (const name of resource.properties.keys()) {
    if (!name.startsWith('@') && !name.includes(':')) context[name] = `${type}/${name}`;
  }
  return { '@context': context };
}

const ACTION_OF: Record<string, string> = {
  GET: 'schema:FindAction',
  POST: 'schema:CreateAction',
  PUT: 'schema:ReplaceAction',
  DELETE: 'schema:DeleteAction',
};

function operation(model: HydraOperationModel): HydraOperation {
  const action = ACTION_OF[model.method];
  return {
    '@type': action ? ['hydra:Operation', action] : 'hydra:Operation',
    'hydra:method': model.method,
    'hydra:title': model.title,
    'rdfs:label': model.title,
    returns: model.returns,
    ...(model.expects ? { expects: model.expects } : {}),
  };
}

function supportedClass(model: HydraClassModel): HydraClass {
  const id = `#${model.name}`;
  const properties: HydraSupportedProperty[] = [...model.properties.values()].map((property) => ({
    '@type': 'hydra:SupportedProperty',
    'hydra:property': {
      '@id': `${id}/${property.name}`,
      '@type': 'rdf:Property',
      'rdfs:label': property.name,
      domain: id,
      ...(property.ranges.length ? { range: property.ranges.length === 1 ? property.ranges[0] : property.ranges } : {}),
      ...(property.single ? { 'owl:maxCardinality': 1 } : {}),
    },
    'hydra:title': property.name,
    ...(property.description ? { 'hydra:description': property.description } : {}),
    'hydra:required': property.required,
    'hydra:readable': true,
    'hydra:writeable': property.writeable,
  }));
  return {
    '@id': id,
    '@type': 'hydra:Class',
    'rdfs:label': model.name,
    'hydra:title': model.name,
    'hydra:supportedProperty': properties,
    'hydra:supportedOperation': model.operations.map(operation),
  };
}

function entrypointClass(model: HydraModel): HydraClass {
  return {
    '@id': `#${ENTRYPOINT}`,
    '@type': 'hydra:Class',
    'hydra:title': 'The API entrypoint',
    'hydra:supportedProperty': model.collections.map((collection) => ({
      '@type': 'hydra:SupportedProperty',
      'hydra:property': {
        '@id': `#${ENTRYPOINT}/${collection.key}`,
        '@type': 'hydra:Link',
        'rdfs:label': `The collection of ${collection.className} resources`,
        domain: `#${ENTRYPOINT}`,
        'rdfs:range': [
          { '@id': 'hydra:Collection' },
          {
            'owl:equivalentClass': {
              'owl:onProperty': { '@id': 'hydra:member' },
              'owl:allValuesFrom': { '@id': `#${collection.className}` },
            },
          },
        ],
        'hydra:supportedOperation': collection.operations.map(operation),
      },
      'hydra:title': `The collection of ${collection.className} resources`,
      'hydra:readable': true,
      'hydra:writeable': false,
    })),
    'hydra:supportedOperation': [
      {
        '@type': 'hydra:Operation',
        'hydra:method': 'GET',
        'hydra:title': 'The API entrypoint.',
        'rdfs:label': 'The API entrypoint.',
        returns: `#${ENTRYPOINT}`,
      },
    ],
  };
}

/** A string property of the problem+json classes. */
function problemProperty(domain: string, name: string, description: string, range = 'xmls:string') {
  return {
    '@type': 'hydra:SupportedProperty' as const,
    'hydra:property': {
      '@id': `${domain}/${name}`,
      '@type': 'rdf:Property' as const,
      'rdfs:label': name,
      domain,
      range,
    },
    'hydra:title': name,
    'hydra:description': description,
    'hydra:readable': true,
    'hydra:writeable': false,
  };
}

/** The constraint violations of a 422 answer (`violations` of the problem+json body), as API Platform lists them. */
const VIOLATION_CLASSES: HydraClass[] = [
  {
    '@id': '#ConstraintViolation',
    '@type': 'hydra:Class',
    'hydra:title': 'A constraint violation',
    'hydra:supportedProperty': [
      problemProperty('#ConstraintViolation', 'propertyPath', 'The property path of the violation'),
      problemProperty('#ConstraintViolation', 'message', 'The message associated with the violation'),
      problemProperty('#ConstraintViolation', 'code', 'The error code of the violation (SPEC §8)'),
    ],
    'hydra:supportedOperation': [],
  },
  {
    '@id': '#ConstraintViolationList',
    '@type': 'hydra:Class',
    subClassOf: 'hydra:Error',
    'hydra:title': 'A constraint violation list',
    'hydra:supportedProperty': [
      problemProperty('#ConstraintViolationList', 'violations', 'The violations', '#ConstraintViolation'),
    ],
    'hydra:supportedOperation': [],
  },
];

/** `GET /api/docs.jsonld`: every class with its properties and operations, the entrypoint, the violations. */
export function documentationOf(model: HydraModel, origin: string): HydraApiDocumentation {
  return {
    '@context': {
      '@vocab': vocabularyOf(origin),
      hydra: HYDRA_NS,
      rdf: 'http://www.w3.org/1999/02/22-rdf-syntax-ns#',
      rdfs: 'http://www.w3.org/2000/01/rdf-schema#',
      xmls: 'http://www.w3.org/2001/XMLSchema#',
      owl: 'http://www.w3.org/2002/07/owl#',
      schema: 'https://schema.org/',
      domain: { '@id': 'rdfs:domain', '@type': '@id' },
      range: { '@id': 'rdfs:range', '@type': '@id' },
      subClassOf: { '@id': 'rdfs:subClassOf', '@type': '@id' },
      expects: { '@id': 'hydra:expects', '@type': '@id' },
      returns: { '@id': 'hydra:returns', '@type': '@id' },
    },
    '@id': API_DOCUMENTATION_PATH,
    '@type': 'hydra:ApiDocumentation',
    'hydra:title': API_TITLE,
    'hydra:description': API_DESCRIPTION,
    'hydra:entrypoint': API_ENTRYPOINT_PATH,
    'hydra:supportedClass': [
      ...[...model.classes.values()].map(supportedClass),
      entrypointClass(model),
      ...VIOLATION_CLASSES,
    ],
  };
}
