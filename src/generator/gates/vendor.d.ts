// The structured-data packages ship no types; only what the gate uses is declared.
declare module '@adobe/structured-data-validator' {
  export default class Validator {
    constructor(schemaOrgJson?: unknown);
    debug: boolean;
    /** Issues of the extractor's output: { severity: 'ERROR' | 'WARNING', issueMessage, rootType, path, fieldNames, ... }. */
    validate(extracted: unknown): Promise<unknown[]>;
  }
}

declare module '@marbec/web-auto-extractor' {
  export default class WebAutoExtractor {
    constructor(options?: { addLocation?: boolean; embedSource?: boolean | string[] });
    parse(html: string): {
      jsonld?: Record<string, unknown[]>;
      microdata?: unknown;
      rdfa?: unknown;
      errors?: unknown[];
    };
  }
}
