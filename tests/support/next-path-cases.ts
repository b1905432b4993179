// The `next` of /login as an attacker would write it: every spelling that could send a visitor who
// signs in to another site. The unit test (tests/unit/kernel/components/account/next-path.test.ts) runs them all
// through safeNextPath; the browser test (tests/e2e/account-sign-in.spec.ts) signs in with the
// ones marked `inBrowser` and checks where Chromium really lands.

export interface OffSiteNext {
  next: string;
  /** How it gets off the site, when it does. */
  why: string;
  inBrowser?: true;
}

/** Each of these must send the visitor to the home page. */
export const OFF_SITE_NEXTS: readonly OffSiteNext[] = [
  // Dot segments: the URL parser removes them, and what is left starts with "//".
  { next: '/.//evil.example', why: 'a dot segment before two slashes', inBrowser: true },
  { next: '/..//evil.example', why: 'a double-dot segment before two slashes' },
  { next: '/././/evil.example', why: 'two dot segments' },
  {
    next: '/x/../..//evil.example',
    why: 'a segment climbed out of, then past the root',
    inBrowser: true,
  },
  { next: '/.\\/evil.example', why: 'a dot segment ended by a backslash' },
  // Encoded dots: the parser reads %2e as a dot.
  { next: '/%2e//evil.example', why: 'an encoded dot segment', inBrowser: true },
  { next: '/%2E%2E//evil.example', why: 'an encoded double-dot segment, in capitals' },
  { next: '/.%2e//evil.example', why: 'half an encoded double dot' },
  // Encoded slashes and backslashes: a server that decodes the path reads two slashes.
  { next: '/.%2f/evil.example', why: 'a dot and an encoded slash' },
  { next: '/%2f%2fevil.example', why: 'two encoded slashes' },
  { next: '/%2F/evil.example', why: 'an encoded slash, then a slash' },
  { next: '/%5cevil.example', why: 'an encoded backslash' },
  { next: '/%5C%5Cevil.example', why: 'two encoded backslashes' },
  { next: '/%252f%252fevil.example', why: 'slashes encoded twice' },
  { next: '/%2e%2e%5c/evil.example', why: 'an encoded double dot and backslash' },
  // Backslashes: browsers read them as slashes in http(s) addresses.
  { next: '/\\evil.example', why: 'a slash and a backslash', inBrowser: true },
  { next: '\\\\evil.example', why: 'two backslashes' },
  { next: '\\/evil.example', why: 'a backslash and a slash' },
  { next: '/\\/evil.example', why: 'a backslash between slashes' },
  // Control characters and spaces: the parser drops tabs and newlines anywhere, and spaces at the ends.
  { next: '/\t/evil.example', why: 'a tab between the slashes' },
  { next: '/%09/evil.example', why: 'an encoded tab between the slashes' },
  { next: '/\n/evil.example', why: 'a newline between the slashes' },
  { next: '/%0A/evil.example', why: 'an encoded newline between the slashes' },
  { next: '/\r/evil.example', why: 'a carriage return between the slashes' },
  { next: '/\u0000/evil.example', why: 'a NUL between the slashes' },
  { next: '/admin\nLocation: https://evil.example', why: 'a header smuggled after a newline' },
  { next: ' //evil.example', why: 'a leading space' },
  // Other hosts and schemes, written plainly.
  { next: '//evil.example', why: 'protocol-relative', inBrowser: true },
  { next: '///evil.example', why: 'three slashes' },
  { next: '////evil.example', why: 'four slashes' },
  { next: 'https://evil.example/phish', why: 'another site', inBrowser: true },
  { next: 'HTTPS://evil.example', why: 'another site, in capitals' },
  { next: 'https:evil.example', why: 'a scheme without slashes' },
  { next: 'javascript:alert(1)', why: 'javascript:', inBrowser: true },
  { next: 'JaVaScRiPt:alert(1)', why: 'javascript: in mixed case' },
  { next: 'data:text/html,<script>alert(1)</script>', why: 'data:' },
  // User-info: everything before "@" is a user name, the host comes after.
  { next: '//user@evil.example', why: 'a user name before another host' },
  { next: '//www.ardent.example@evil.example', why: 'this site as the user name of another host' },
  // Unicode look-alikes, which a server may fold into their ASCII forms.
  { next: '／／evil.example', why: 'full-width slashes' },
  { next: '/／evil.example', why: 'a slash and a full-width slash' },
  { next: '/%EF%BC%8F%EF%BC%8Fevil.example', why: 'encoded full-width slashes' },
  { next: '/＼evil.example', why: 'a full-width backslash' },
  { next: '/．．//evil.example', why: 'full-width dots as a double-dot segment' },
  // Not a path at all.
  { next: 'evil.example', why: 'a relative path' },
  { next: '/%', why: 'a broken percent-escape' },
];

/** Paths on the site, and what the visitor is sent to: the same path, as the browser writes it. */
export const ON_SITE_NEXTS: readonly (readonly [next: string, lands: string])[] = [
  ['/', '/'],
  ['/admin', '/admin'],
  ['/faqs#how', '/faqs#how'],
  ['/integrated-builder?route=/about#x', '/integrated-builder?route=/about#x'],
  ['/admin?tab=files#top', '/admin?tab=files#top'],
  ['/experiments/block-builder/preview', '/experiments/block-builder/preview'],
  ['/a/../admin', '/admin'],
  ['/caf%C3%A9', '/caf%C3%A9'],
  // Look like another site, but are only paths on this one.
  ['/@evil.example', '/@evil.example'],
  ['/faqs?next=//evil.example', '/faqs?next=//evil.example'],
  ['/https://evil.example', '/https://evil.example'],
];
