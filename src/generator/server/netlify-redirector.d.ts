// netlify-redirector ships no types. This covers the part we use; the shapes
// follow netlify-cli's src/utils/rules-proxy.ts and what the wasm returns.
declare module 'netlify-redirector' {
  export interface RedirectorRequest {
    scheme: string;
    host: string;
    /** Decoded URL path. */
    path: string;
    /** Query string without the leading `?`. */
    query: string;
    headers: Record<string, string | string[] | undefined>;
    cookieValues: Record<string, string>;
    getHeader(name: string): string;
    getCookie(name: string): string;
  }

  export interface RedirectorMatch {
    from: string;
    /** Destination with :placeholders and :splat already substituted. */
    to: string;
    host: string;
    scheme: string;
    status: number;
    force: boolean;
    negative: boolean;
    force404?: boolean;
    proxyHeaders?: Record<string, string>;
    conditions: Record<string, string>;
    exceptions: Record<string, string>;
    signingSecret?: string;
  }

  export interface RedirectMatcher {
    match(request: RedirectorRequest): RedirectorMatch | null;
  }

  export interface RedirectorOptions {
    jwtSecret?: string;
    jwtRoleClaim?: string;
  }

  const redirector: {
    /** Rules as JSON: the `redirects` array from @netlify/redirect-parser. */
    parseJSON(rules: string, options: RedirectorOptions): Promise<RedirectMatcher>;
    parsePlain(rules: string, options: RedirectorOptions): Promise<RedirectMatcher>;
  };
  export default redirector;
}
