// The enquiries function's setup, from its environment: the sign-in check (auth.ts, as the
// publishing function has it) and the backend. With NETLIFY_API_TOKEN, Netlify's Submissions API
// for the site (SITE_ID, which Netlify sets in functions; NETLIFY_API_URL for a stand-in); without
// it, locally, the file the local server writes (ENQUIRIES_DIR, else .cache/forms/ under the
// project). On Netlify there is no such file: without the token the function says it is not set up.
import { localFormsDir } from '../../kernel/wire/enquiry-paths.ts';
import { tokenVerifier } from '../auth.ts';
import { failure } from '../http.ts';
import { onNetlify, type Env } from '../runtime.ts';
import type { EnquiriesBackend } from './backend.ts';
import { enquiriesHandler } from './handler.ts';
import { LocalEnquiries } from './local-enquiries.ts';
import { NetlifyEnquiries } from './netlify-enquiries.ts';

export function enquiriesBackendFrom(env: Env, siteId: string | undefined): EnquiriesBackend {
  const token = env.NETLIFY_API_TOKEN?.trim();
  if (token) {
    const site = env.SITE_ID?.trim() || siteId;
    if (!site)
      throw failure(
        'not-set-up',
        "SITE_ID is not set, so the function does not know which site's enquiries to read.",
      );
    return new NetlifyEnquiries({
      token,
      siteId: site,
      ...(env.NETLIFY_API_URL?.trim() ? { api: env.NETLIFY_API_URL.trim() } : {}),
    });
  }
  if (onNetlify(env))
    throw failure(
      'not-set-up',
      "NETLIFY_API_TOKEN is not set: the function needs a Netlify personal access token to read the form's submissions.",
    );
  return new LocalEnquiries(localFormsDir(env, process.cwd()));
}

/** The function's handler, its setup read from the environment on each request. */
export const enquiriesFromEnv = (env: Env) =>
  enquiriesHandler((siteId) => ({
    verify: tokenVerifier(env),
    backend: enquiriesBackendFrom(env, siteId),
  }));
