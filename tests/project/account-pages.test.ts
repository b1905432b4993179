// The account pages as a build with a production sign-in configuration writes them: the config on
// the mount element (JSON, no inline script, no emulator settings), each screen's first state, and
// the forms' autofill attributes.
import { beforeAll, describe, expect, it } from 'vitest';
import type { FirebaseWebConfig } from '../../src/kernel/wire/firebase-config.ts';
import { GUARDED_ROUTES, SIGN_IN_ROUTES } from '../support/spec-routes.ts';
import {
  attributeOf,
  buildInMemory,
  elementHtml,
  htmlPathOf,
  REAL_CONTENT,
  type BuiltFolder,
} from '../support/sites.ts';

const CONFIG: FirebaseWebConfig = {
  apiKey: 'AIzaSyExampleExampleExampleExample000',
  authDomain: 'ardent-site.firebaseapp.com',
  projectId: 'ardent-site',
  storageBucket: 'ardent-site.firebasestorage.app',
  appId: '1:123456789:web:abcdef',
};

let out: BuiltFolder;
beforeAll(async () => {
  out = await buildInMemory(REAL_CONTENT, { firebase: CONFIG });
}, 60_000);

const page = (route: string) => out.text(htmlPathOf(route));
const screen = (route: string) => elementHtml(page(route), /<div class="account-screen"[^>]*>/)!;
/** An attribute of a tag, its name in any case (React writes autoComplete). */
const attr = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(tag)?.[1];
/** Each input's id, type and autocomplete, in order. */
const inputsOf = (html: string) =>
  [...html.matchAll(/<input [^>]*>/g)].map(([tag]) => [
    attr(tag, 'id'),
    attr(tag, 'type'),
    attr(tag, 'autocomplete'),
  ]);

describe('a build with the sign-in configuration', () => {
  it.each([...SIGN_IN_ROUTES, ...GUARDED_ROUTES])(
    '%s carries it on the mount element as JSON, exactly, and in no script',
    (route) => {
      const html = page(route);
      expect(JSON.parse(attributeOf(html, /<div id="app-root"[^>]*>/, 'data-firebase')!)).toEqual(
        CONFIG,
      );
      expect(html).not.toMatch(/<script(?![^>]*application\/ld\+json)[^>]*>[^<]+<\/script>/);
    },
  );

  it('public pages carry no configuration', () => {
    for (const route of ['/', '/about', '/contact'])
      expect(page(route)).not.toContain('data-firebase');
  });

  it('/login renders its form: email and password with autofill, the show-password toggle, reset and register links', () => {
    const html = screen('/login');
    expect(inputsOf(html)).toEqual([
      ['login-email', 'email', 'username'],
      ['login-password', 'password', 'current-password'],
      ['login-show-password', 'checkbox', undefined],
    ]);
    expect(html).toContain('href="/reset-password"');
    expect(html).toContain('href="/register"');
    expect(html).toMatch(/<form [^>]*noValidate=""/i);
    // Until the page knows whether someone is signed in, the form cannot be sent.
    expect(html).toMatch(/<button type="submit" class="button" disabled="">Sign in<\/button>/);
  });

  it('/register shows the password rules before the visitor types, and asks for the password twice', () => {
    const html = screen('/register');
    expect(inputsOf(html)).toEqual([
      ['register-email', 'email', 'username'],
      ['register-password', 'password', 'new-password'],
      ['register-confirm', 'password', 'new-password'],
      ['register-show-password', 'checkbox', undefined],
    ]);
    expect(html).toMatch(/id="register-password-hint"[^>]*>Use at least 6 characters/);
    expect(html).toMatch(/aria-describedby="register-password-hint"/);
  });

  it('/reset-password asks for the email address first', () => {
    expect(inputsOf(screen('/reset-password'))).toEqual([['reset-email', 'email', 'email']]);
  });

  it.each(GUARDED_ROUTES)(
    '%s renders only the neutral checking state, never the guarded screen',
    (route) => {
      const html = screen(route);
      expect(html).toContain('data-state="checking"');
      expect(html).toMatch(/role="status"[^>]*>Checking that you are signed in/);
      expect(html).not.toMatch(/Sign out|administrator|do not have access/);
    },
  );
});
