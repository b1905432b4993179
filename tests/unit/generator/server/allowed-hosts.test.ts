// The local server answers only to its own host names (DNS rebinding): the table of Host headers,
// allowed and refused, then the check in the server itself, before pages, /api/, the emulators'
// paths and form posts, with nothing passed on for a refused host.
import type { Server } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  allowedHostNames,
  AllowedHostError,
  hostName,
  isHostAllowed,
  refusalText,
} from '../../../../src/generator/server/allowed-hosts.ts';
import { createSiteServer } from '../../../../src/generator/server/create-server.ts';
import { close, createFixture, get, listen, type Fixture } from '../../../support/server-site.ts';

describe('which Host headers the server answers', () => {
  const loopback = allowedHostNames();
  const withPhone = allowedHostNames(['0.0.0.0', 'Ardent-Laptop.local.']);

  it.each([
    // [Host header, allowed with the defaults, allowed with --host 0.0.0.0 --allowed-host Ardent-Laptop.local.]
    ['localhost', true, true],
    ['localhost:8080', true, true],
    ['127.0.0.1:8080', true, true],
    ['[::1]:8080', true, true],
    ['[0:0:0:0:0:0:0:1]:8080', true, true], // the same IPv6 address, written in full
    ['LOCALHOST:8080', true, true], // upper case: host names ignore case
    ['LocalHost', true, true],
    ['localhost.:8080', true, true], // the trailing dot of a fully qualified name
    ['127.0.0.1.:8080', true, true],
    ['localhost:', true, true], // an empty port
    [undefined, true, true], // no Host at all (HTTP/1.0): no browser sends that
    ['rebind.example:8080', false, false],
    ['rebind.example', false, false],
    ['localhost.evil.example', false, false],
    ['localhost.evil.example:8080', false, false],
    ['evil.localhost.example', false, false],
    ['[::2]:8080', false, false],
    ['[::ffff:127.0.0.1]:8080', false, false], // another spelling of 127.0.0.1, not one of the names
    ['127.0.0.2', false, false],
    ['0.0.0.0:8080', false, true], // --host
    ['ardent-laptop.local', false, true], // --allowed-host, whatever its case and dot
    ['ARDENT-LAPTOP.LOCAL.:8080', false, true],
    ['evil.example@localhost', false, false], // what URL would read as a user name
    ['localhost/evil.example', false, false],
    ['localhost:8080:8080', false, false],
    ['localhost evil.example', false, false],
    ['[::1', false, false],
  ])('Host %j: %s by default, %s with more names', (header, byDefault, withMore) => {
    expect(isHostAllowed(header as string | undefined, loopback)).toBe(byDefault);
    expect(isHostAllowed(header as string | undefined, withPhone)).toBe(withMore);
  });

  it('reads --host and --allowed-host values as names, IPv6 addresses with or without brackets', () => {
    expect([...allowedHostNames(['::1', '::', 'Phone.Local'])]).toEqual([
      'localhost',
      '127.0.0.1',
      '[::1]',
      '[::]',
      'phone.local',
    ]);
    expect(hostName('bücher.example')).toBe('xn--bcher-kva.example');
    expect(() => allowedHostNames(['http://phone.local/'])).toThrow(AllowedHostError);
    expect(() => allowedHostNames(['phone.local/x'])).toThrow(
      /"phone\.local\/x" is not a host name \(--allowed-host takes a name/,
    );
  });

  it('says in one line why, and which flag allows the name', () => {
    const text = refusalText('Rebind.Example:8080');
    expect(text).not.toContain('\n');
    expect(text).toMatch(
      /^Blocked request: "rebind\.example" is not one of this server's names; .*DNS rebinding.*To allow it, start the server with --allowed-host rebind\.example\.$/,
    );
    expect(refusalText('evil@localhost')).toMatch(
      /^Blocked request: the Host header is not a host name, and this local server answers only to localhost, 127\.0\.0\.1, \[::1\]/,
    );
  });
});

describe('the server refuses another host before anything else', () => {
  let fixture: Fixture;
  let server: Server;
  let port: number;
  const reached: string[] = [];
  const logged: string[] = [];

  beforeAll(async () => {
    fixture = createFixture();
    server = await createSiteServer({
      root: fixture.root,
      netlifyToml: fixture.netlifyToml,
      logger: { info: () => {}, error: (message) => logged.push(message) },
      formsDir: fixture.dir,
      // Stand-ins for the emulators' proxy and the functions: a refused request must reach neither.
      extraRoutes: async (req) => (reached.push(`extraRoutes ${req.url}`), false),
      functions: async (req) => (reached.push(`functions ${req.url}`), false),
    });
    port = await listen(server);
  });
  afterAll(async () => {
    await close(server);
    fixture.cleanup();
  });

  it.each([
    ['GET', '/'],
    ['GET', '/about'],
    ['GET', '/no-such-page'],
    ['GET', '/api/enquiries'],
    ['POST', '/api/proposals'],
    ['GET', '/emulator/v1/projects/demo-ardent/oobCodes'],
    ['POST', '/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword'],
    ['GET', '/v0/b/demo-ardent.appspot.com/o'],
    ['POST', '/'], // a form post
    ['HEAD', '/'],
  ])(
    '%s %s with Host: rebind.example:8080 is 403, one line, and reaches nothing',
    async (method, path) => {
      reached.length = 0;
      const answer = await get(port, path, {
        method,
        headers: {
          host: 'rebind.example:8080',
          authorization: 'Bearer any',
          'content-type': 'application/x-www-form-urlencoded',
        },
      });
      expect(answer.status).toBe(403);
      expect(answer.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(answer.headers['cache-control']).toBe('no-store');
      expect(answer.text).toBe(method === 'HEAD' ? '' : `${refusalText('rebind.example:8080')}\n`);
      expect(reached).toEqual([]);
    },
  );

  it('serves the same requests on its own names, and says once in its log which name it refused', async () => {
    reached.length = 0;
    expect((await get(port, '/about', { headers: { host: `LOCALHOST.:${port}` } })).status).toBe(
      200,
    );
    expect((await get(port, '/api/enquiries', { headers: { host: `[::1]:${port}` } })).status).toBe(
      404,
    );
    expect(reached).toEqual([
      'extraRoutes /about',
      'functions /about',
      'extraRoutes /api/enquiries',
      'functions /api/enquiries',
    ]);
    expect(logged.filter((line) => line.includes('"rebind.example"'))).toEqual([
      'Refused requests for the host "rebind.example" (403): this server answers only to localhost, 127.0.0.1, [::1]. --allowed-host <name> adds a name.',
    ]);
  });

  it('answers an HTTP/1.0 request without a Host, which no browser sends', async () => {
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => socket.write('GET /about HTTP/1.0\r\n\r\n'));
      let text = '';
      socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    expect(raw).toMatch(/^HTTP\/1\.1 200 OK/);
  });

  it('answers the names it was given besides', async () => {
    const phone = await createSiteServer({
      root: fixture.root,
      netlifyToml: fixture.netlifyToml,
      logger: { info: () => {}, error: () => {} },
      allowedHosts: ['phone.local'],
    });
    const phonePort = await listen(phone);
    try {
      expect(
        (await get(phonePort, '/about', { headers: { host: 'Phone.Local:8080' } })).status,
      ).toBe(200);
      expect(
        (await get(phonePort, '/about', { headers: { host: 'rebind.example:8080' } })).status,
      ).toBe(403);
    } finally {
      await close(phone);
    }
  });
});
