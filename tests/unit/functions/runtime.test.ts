// Where a function runs decides what it trusts: deployed, it never takes the Auth emulator, whose
// unsigned tokens anyone could forge, and says so in words to every request.
import { afterEach, describe, expect, it } from 'vitest';
import { onNetlify } from '../../../src/functions/runtime.ts';
import { proposalsFromEnv } from '../../../src/functions/setup.ts';
import { enquiriesFromEnv } from '../../../src/functions/enquiries/setup.ts';
import { ApiErrorSchema } from '../../../src/kernel/wire/proposals.ts';

const withNetlifyGlobal = () => Object.assign(globalThis, { Netlify: { env: {} } });
afterEach(() => {
  delete (globalThis as { Netlify?: unknown }).Netlify;
});

describe('onNetlify', () => {
  it('is true in a Netlify build and in a deployed function (Lambda names every one)', () => {
    expect(onNetlify({ NETLIFY: 'true' })).toBe(true);
    expect(onNetlify({ AWS_LAMBDA_FUNCTION_NAME: 'proposals' })).toBe(true);
  });

  it("is false locally, even where Netlify's runtime defines its global (its CLI, the platform tests)", () => {
    withNetlifyGlobal();
    expect(onNetlify({})).toBe(false);
  });
});

describe('a deployed function with FIREBASE_AUTH_EMULATOR_HOST set', () => {
  const deployed = {
    FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:1',
    AWS_LAMBDA_FUNCTION_NAME: 'proposals',
  };
  const request = (address: string) =>
    new Request(`https://ardent.example${address}`, {
      headers: { authorization: 'Bearer forged' },
    });

  it('answers every request 503 in words, naming the variable to remove', async () => {
    for (const response of [
      await proposalsFromEnv(deployed)(request('/api/proposals')),
      await enquiriesFromEnv(deployed)(request('/api/enquiries')),
    ]) {
      expect(response.status).toBe(503);
      const { error } = ApiErrorSchema.parse(await response.json());
      expect(error.code).toBe('not-set-up');
      expect(error.message).toContain('FIREBASE_AUTH_EMULATOR_HOST');
      expect(error.message).toContain("remove it from the site's environment variables");
    }
  });

  it('is taken locally: the token is checked, and this one is not a token at all', async () => {
    const response = await proposalsFromEnv({ FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:1' })(
      request('/api/proposals'),
    );
    expect(response.status).toBe(401);
    expect(ApiErrorSchema.parse(await response.json()).error.code).toBe('signed-out');
  });
});
