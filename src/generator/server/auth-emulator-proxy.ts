// Local runs only: the site server passes the Auth emulator's paths on to it (the proxy itself:
// emulator-proxy.ts), so the browser reaches the emulator on the page's own origin and the CSP's
// `connect-src 'self'` holds. A local build's config tells the SDK to use the page's origin as the
// emulator (src/apps/account/firebase-services.ts).
import { emulatorProxy, type EmulatorProxyOptions, type ExtraRoute } from './emulator-proxy.ts';

/** What the Firebase Auth SDK asks of an emulator (identity, tokens) and the emulator's own REST API. */
export const AUTH_EMULATOR_PATHS = ['/identitytoolkit.googleapis.com/', '/securetoken.googleapis.com/', '/emulator/'] as const;

export type AuthEmulatorProxyOptions = EmulatorProxyOptions;

/** An `extraRoutes` handler for createSiteServer: true when it took the request. */
export const authEmulatorProxy = (options: AuthEmulatorProxyOptions): ExtraRoute => emulatorProxy('Auth', AUTH_EMULATOR_PATHS, options);
