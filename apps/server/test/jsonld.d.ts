/** The part of `jsonld` (which ships no types) the tests use: expansion with a document loader. */
declare module 'jsonld' {
  export interface RemoteDocument {
    contextUrl: string | null;
    document: unknown;
    documentUrl: string;
  }
  export type ExpandedNode = Record<string, unknown>;
  export function expand(
    input: unknown,
    options?: { base?: string; documentLoader?: (url: string) => Promise<RemoteDocument> },
  ): Promise<ExpandedNode[]>;
  const jsonld: { expand: typeof expand };
  export default jsonld;
}
