/**
 * The self-description of the API in API Platform's Hydra format (ADR 009): the entrypoint `GET /api`, the JSON-LD
 * contexts `GET /api/contexts/{Type}` and the Hydra API documentation `GET /api/docs.jsonld`, which every API answer
 * links to (`Link: <…/api/docs.jsonld>; rel="http://www.w3.org/ns/hydra/core#apiDocumentation"`). The server builds
 * them from the endpoints' contracts; these schemas say what they hold.
 */
import { z } from 'zod';

/** The Hydra vocabulary. */
export const HYDRA_NS = 'http://www.w3.org/ns/hydra/core#';
/** The `rel` of the `Link` header that points at the Hydra API documentation. */
export const HYDRA_API_DOCUMENTATION_REL = `${HYDRA_NS}apiDocumentation`;
/** Path of the API entrypoint. */
export const API_ENTRYPOINT_PATH = '/api';
/** Path of the Hydra API documentation (JSON-LD). */
export const API_DOCUMENTATION_PATH = '/api/docs.jsonld';

/** A term of a JSON-LD context: an IRI, or `{@id, @type}` (`@type: "@id"` for a term whose values are IRIs). */
const contextTerm = z.union([z.string(), z.object({ '@id': z.string(), '@type': z.string() })]);

/** A JSON-LD context as API Platform writes it: `@vocab` (the documentation), prefixes, and one term per property. */
export const jsonLdContextMap = z
  .record(z.string(), contextTerm)
  .describe('`@vocab` (the Hydra documentation, absolute), prefixes such as `hydra`, and one term per property');

/** `GET /api/contexts/{Type}`: the JSON-LD context of a resource type, or of the entrypoint. */
export const jsonLdContextDocument = z.object({ '@context': jsonLdContextMap }).meta({ id: 'JsonLdContext' });
export type JsonLdContextDocument = z.output<typeof jsonLdContextDocument>;

/** `GET /api`: the entrypoint, one member per collection (its IRI), named after the resource type. */
export const apiEntrypoint = z
  .object({
    '@context': z.string(),
    '@id': z.string(),
    '@type': z.literal('Entrypoint'),
  })
  .catchall(z.string().describe('IRI of a collection'))
  .meta({ id: 'Entrypoint' });
export type ApiEntrypoint = z.output<typeof apiEntrypoint>;

/** An operation a class (or an entrypoint collection) supports. */
export const hydraOperation = z
  .object({
    '@type': z.union([z.string(), z.array(z.string())]),
    'hydra:method': z.string(),
    'hydra:title': z.string(),
    'rdfs:label': z.string(),
    returns: z.string().describe('The class answered, `hydra:Collection`, or `owl:Nothing` (no body)'),
    expects: z.string().optional().describe('The class sent, or `owl:Nothing`'),
  })
  .meta({ id: 'HydraOperation' });
export type HydraOperation = z.output<typeof hydraOperation>;

/** The RDF property behind a supported property. */
const hydraPropertyDefinition = z.object({
  '@id': z.string(),
  '@type': z.enum(['rdf:Property', 'hydra:Link']),
  'rdfs:label': z.string(),
  domain: z.string(),
  range: z.union([z.string(), z.array(z.string())]).optional(),
  'rdfs:range': z
    .array(z.looseObject({}))
    .optional()
    .describe('On an entrypoint link: `hydra:Collection` whose `hydra:member`s are all of the class'),
  'owl:maxCardinality': z.number().int().optional(),
  'hydra:supportedOperation': z.array(hydraOperation).optional(),
});

/** A property of a class, as API Platform describes it. */
export const hydraSupportedProperty = z
  .object({
    '@type': z.literal('hydra:SupportedProperty'),
    'hydra:property': hydraPropertyDefinition,
    'hydra:title': z.string(),
    'hydra:description': z.string().optional(),
    'hydra:required': z.boolean().optional(),
    'hydra:readable': z.boolean(),
    'hydra:writeable': z.boolean(),
  })
  .meta({ id: 'HydraSupportedProperty' });
export type HydraSupportedProperty = z.output<typeof hydraSupportedProperty>;

/** A class of the API: a resource type, the entrypoint, or a constraint violation. */
export const hydraClass = z
  .object({
    '@id': z.string(),
    '@type': z.literal('hydra:Class'),
    'rdfs:label': z.string().optional(),
    'hydra:title': z.string(),
    'hydra:description': z.string().optional(),
    subClassOf: z.string().optional(),
    'hydra:supportedProperty': z.array(hydraSupportedProperty),
    'hydra:supportedOperation': z.array(hydraOperation),
  })
  .meta({ id: 'HydraClass' });
export type HydraClass = z.output<typeof hydraClass>;

/** `GET /api/docs.jsonld`: the Hydra API documentation, in the shape API Platform's clients read. */
export const hydraApiDocumentation = z
  .object({
    '@context': jsonLdContextMap,
    '@id': z.string(),
    '@type': z.literal('hydra:ApiDocumentation'),
    'hydra:title': z.string(),
    'hydra:description': z.string(),
    'hydra:entrypoint': z.string(),
    'hydra:supportedClass': z.array(hydraClass),
  })
  .meta({ id: 'HydraApiDocumentation' });
export type HydraApiDocumentation = z.output<typeof hydraApiDocumentation>;
