/** The parts of `xliff` (locize/xliff, untyped) and `gettext-parser` (untyped since v9) the translation files use. */
declare module 'xliff' {
  /** `{resources: {namespace: {key: {source, target}}}, sourceLanguage, targetLanguage}`. */
  export interface XliffJs {
    resources: Record<string, Record<string, { source?: unknown; target?: unknown; groupUnits?: unknown }>>;
    sourceLanguage?: string;
    targetLanguage?: string;
  }
  const xliff: {
    xliff2js(xml: string): Promise<XliffJs>;
    xliff12ToJs(xml: string): Promise<XliffJs>;
    js2xliff(js: XliffJs): Promise<string>;
    jsToXliff12(js: XliffJs): Promise<string>;
  };
  export default xliff;
}

declare module 'gettext-parser' {
  export interface PoEntry {
    msgctxt?: string;
    msgid: string;
    msgid_plural?: string;
    msgstr: string[];
    comments?: Record<string, string>;
  }
  export interface PoFile {
    charset: string;
    headers: Record<string, string>;
    translations: Record<string, Record<string, PoEntry>>;
  }
  export const po: {
    parse(input: string | Buffer, options?: { defaultCharset?: string; validation?: boolean }): PoFile;
    compile(file: PoFile, options?: { foldLength?: number }): Buffer;
  };
}
