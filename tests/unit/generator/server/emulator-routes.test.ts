// Which requests the site passes on to the local emulators: the SDKs' own, each with its method,
// and nothing else under the emulators' paths, however it is spelt.
import { describe, expect, it } from 'vitest';
import {
  emulatorRouteFor,
  SDK_CREDENTIALS,
} from '../../../../src/generator/server/emulator-routes.ts';

const OBJECTS = '/v0/b/demo-ardent.appspot.com/o';

describe('emulatorRouteFor', () => {
  it.each([
    ['POST', '/identitytoolkit.googleapis.com/v1/accounts:signUp?key=k', 'auth'],
    ['POST', '/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=k', 'auth'],
    ['POST', '/identitytoolkit.googleapis.com/v1/accounts:lookup?key=k', 'auth'],
    ['POST', '/identitytoolkit.googleapis.com/v1/accounts:sendOobCode?key=k', 'auth'],
    ['POST', '/identitytoolkit.googleapis.com/v1/accounts:resetPassword?key=k', 'auth'],
    ['GET', '/identitytoolkit.googleapis.com/v2/passwordPolicy?key=k', 'auth'],
    [
      'GET',
      '/identitytoolkit.googleapis.com/v2/recaptchaConfig?key=k&clientType=CLIENT_TYPE_WEB&version=RECAPTCHA_ENTERPRISE',
      'auth',
    ],
    ['POST', '/securetoken.googleapis.com/v1/token?key=k', 'auth'],
    ['GET', '/emulator/v1/projects/demo-ardent/oobCodes', 'auth'],
    ['GET', `${OBJECTS}?prefix=media%2F&delimiter=%2F`, 'storage'],
    ['POST', `${OBJECTS}?name=media%2Fkitchen.jpg`, 'storage'],
    [
      'POST',
      `${OBJECTS}?name=media%2Fkitchen.jpg&upload_id=abc&upload_protocol=resumable`,
      'storage',
    ],
    ['GET', `${OBJECTS}/media%2Fkitchen.jpg`, 'storage'],
    ['GET', `${OBJECTS}/media%2Fkitchen.jpg?alt=media&token=t`, 'storage'],
    ['PATCH', `${OBJECTS}/media%2Fkitchen.jpg`, 'storage'],
    ['DELETE', `${OBJECTS}/drafts%2Fhome.json`, 'storage'],
  ])('passes %s %s on to the %s emulator', (method, url, emulator) => {
    expect(emulatorRouteFor(method, url)).toMatchObject({ emulator, method });
  });

  it.each([
    // The emulators' own administration: wiping accounts, changing their settings, setting claims.
    ['DELETE', '/emulator/v1/projects/demo-ardent/accounts'],
    ['GET', '/emulator/v1/projects/demo-ardent/config'],
    ['PATCH', '/emulator/v1/projects/demo-ardent/config'],
    ['DELETE', '/emulator/v1/projects/demo-ardent/oobCodes'],
    ['GET', '/emulator/v1/projects/other/oobCodes'],
    ['POST', '/identitytoolkit.googleapis.com/v1/accounts:update?key=k'],
    ['POST', '/identitytoolkit.googleapis.com/v1/accounts:delete?key=k'],
    ['POST', '/identitytoolkit.googleapis.com/v1/projects/demo-ardent/accounts:update'],
    ['POST', '/identitytoolkit.googleapis.com/v1/projects/demo-ardent/accounts:batchGet'],
    ['GET', '/identitytoolkit.googleapis.com/v1/accounts:signUp'],
    ['GET', '/securetoken.googleapis.com/v1/token'],
    // The Storage emulator's Cloud Storage API (no rules) behind dot segments, however encoded.
    ['GET', '/v0/b/../../demo-ardent.appspot.com/drafts/x'],
    ['GET', '/v0/b/%2e%2e/%2E%2E/demo-ardent.appspot.com/drafts/x'],
    ['GET', '/v0/b/demo-ardent.appspot.com/o/..%2f..%2f..%2fdemo-ardent.appspot.com%2fdrafts%2fx'],
    ['GET', `${OBJECTS}/./media%2Fkitchen.jpg`],
    ['GET', `${OBJECTS}/media%2F..`],
    ['GET', `/v0/b/demo-ardent.appspot.com//o/media%2Fkitchen.jpg`],
    ['GET', `${OBJECTS}/media%2F%2Fkitchen.jpg`],
    ['GET', `${OBJECTS}/`],
    ['GET', `${OBJECTS}/media%5Ckitchen.jpg`],
    ['GET', `/v0/b/demo-ardent.appspot.com\\o`],
    ['GET', `${OBJECTS}/%zz`],
    ['GET', `${OBJECTS}/media%2Fkitchen.jpg/extra`],
    // Another bucket, or another method.
    ['GET', '/v0/b/other.appspot.com/o/media%2Fkitchen.jpg'],
    ['PUT', `${OBJECTS}/media%2Fkitchen.jpg`],
    ['POST', `${OBJECTS}/media%2Fkitchen.jpg`],
    ['HEAD', `${OBJECTS}/media%2Fkitchen.jpg`],
    ['DELETE', OBJECTS],
    ['GET', '/v0/'],
    ['GET', '/emulator'],
  ])('refuses %s %s', (method, url) => {
    expect(emulatorRouteFor(method, url)).toBe('refused');
  });

  it.each([
    '/',
    '/login',
    '/v0b',
    '/emulatorx/v1',
    '/assets/app.js',
    '/%zz',
    '/V0/b/demo-ardent.appspot.com/o',
  ])('leaves %s to the site', (url) => {
    expect(emulatorRouteFor('GET', url)).toBeNull();
  });
});

describe('SDK_CREDENTIALS', () => {
  const token = 'eyJhbGciOiJub25lIn0.eyJhZG1pbiI6dHJ1ZX0.';
  it('passes the Storage SDK its ID token, and no emulator the owner credentials', () => {
    expect(SDK_CREDENTIALS.storage?.test(`Firebase ${token}`)).toBe(true);
    for (const owner of [
      'Bearer owner',
      'Firebase owner',
      `Bearer ${token}`,
      `Firebase ${token} x`,
    ])
      expect(SDK_CREDENTIALS.storage?.test(owner)).toBe(false);
    expect(SDK_CREDENTIALS.auth).toBeNull();
  });
});
