// The local site server's proxy to the emulators: the SDKs' requests reach them, with method, query,
// headers and body, once they are ready; everything else under their paths is answered 404 and
// never reaches them; the owner credentials never pass; an emulator that does not answer looks like
// a lost connection.
import {
  createServer,
  request,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import {
  emulatorProxy,
  type EmulatorProxyOptions,
} from '../../../../src/generator/server/emulator-proxy.ts';

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(
    servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))),
  );
});

async function listen(handler: Parameters<typeof createServer>[1]): Promise<number> {
  const server = createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

/** An emulator that notes each request it is sent: method, path, the headers that matter, body. */
async function recordingEmulator(seen: string[]): Promise<string> {
  const port = await listen((req: IncomingMessage, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      seen.push(
        `${req.method} ${req.url} ${req.headers['x-firebase-locale']} ${req.headers.authorization ?? '-'} ${req.headers.host} ${body}`,
      );
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  return `127.0.0.1:${port}`;
}

/** A site server with only the proxy, answering 404 to anything it does not take. */
async function site(options: EmulatorProxyOptions): Promise<number> {
  const proxy = emulatorProxy(options);
  const answer = async (req: IncomingMessage, res: ServerResponse) => {
    if (!(await proxy(req, res))) res.writeHead(404).end('site');
  };
  return listen((req, res) => void answer(req, res));
}

function send(
  port: number,
  method: string,
  path: string,
  body?: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; text: string } | 'connection lost'> {
  return new Promise((resolve) => {
    const req = request(
      {
        port,
        host: '127.0.0.1',
        method,
        path,
        headers: { 'content-type': 'application/json', 'x-firebase-locale': 'en-GB', ...headers },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode!, text }));
        res.on('error', () => resolve('connection lost'));
      },
    );
    req.on('error', () => resolve('connection lost'));
    req.end(body);
  });
}

const OBJECT = '/v0/b/demo-ardent.appspot.com/o/media%2Fkitchen.jpg';
const ID_TOKEN = 'eyJhbGciOiJub25lIn0.eyJhZG1pbiI6dHJ1ZX0.';

describe('emulatorProxy', () => {
  it("passes the SDKs' requests on, with method, query, headers and body; Storage keeps the site's Host", async () => {
    const seen: string[] = [];
    const auth = await recordingEmulator(seen);
    const storage = await recordingEmulator(seen);
    const port = await site({ auth, storage });
    expect(
      await send(
        port,
        'POST',
        '/identitytoolkit.googleapis.com/v1/accounts:signUp?key=k',
        '{"email":"a@b.example"}',
      ),
    ).toEqual({ status: 200, text: '{"ok":true}' });
    expect(
      await send(
        port,
        'POST',
        '/securetoken.googleapis.com/v1/token?key=k',
        'grant_type=refresh_token',
      ),
    ).toMatchObject({ status: 200 });
    expect(await send(port, 'GET', '/emulator/v1/projects/demo-ardent/oobCodes')).toMatchObject({
      status: 200,
    });
    expect(
      await send(port, 'PATCH', OBJECT, '{"metadata":{}}', {
        authorization: `Firebase ${ID_TOKEN}`,
      }),
    ).toMatchObject({ status: 200 });
    expect(seen).toEqual([
      `POST /identitytoolkit.googleapis.com/v1/accounts:signUp?key=k en-GB - ${auth} {"email":"a@b.example"}`,
      `POST /securetoken.googleapis.com/v1/token?key=k en-GB - ${auth} grant_type=refresh_token`,
      `GET /emulator/v1/projects/demo-ardent/oobCodes en-GB - ${auth} `,
      `PATCH ${OBJECT} en-GB Firebase ${ID_TOKEN} 127.0.0.1:${port} {"metadata":{}}`,
    ]);
  });

  it("answers anything else under the emulators' paths with 404, and sends the emulators nothing", async () => {
    const seen: string[] = [];
    const port = await site({
      auth: await recordingEmulator(seen),
      storage: await recordingEmulator(seen),
    });
    for (const [method, path] of [
      ['DELETE', '/emulator/v1/projects/demo-ardent/accounts'],
      ['POST', '/identitytoolkit.googleapis.com/v1/accounts:update?key=k'],
      ['GET', '/v0/b/../../demo-ardent.appspot.com/drafts/x'],
      ['GET', '/v0/b/%2e%2e/%2e%2e/demo-ardent.appspot.com/drafts/x'],
      ['PUT', OBJECT],
    ] as const) {
      const answer = await send(port, method, path);
      expect(answer, `${method} ${path}`).toMatchObject({
        status: 404,
        text: expect.stringContaining('only the requests the Firebase SDKs make'),
      });
    }
    expect(seen).toEqual([]);
  });

  it("never passes on the emulators' owner credentials, which pass every rule", async () => {
    const seen: string[] = [];
    const port = await site({
      auth: await recordingEmulator(seen),
      storage: await recordingEmulator(seen),
    });
    await send(port, 'POST', '/identitytoolkit.googleapis.com/v1/accounts:lookup?key=k', '{}', {
      authorization: 'Bearer owner',
    });
    await send(port, 'GET', OBJECT, undefined, { authorization: 'Bearer owner' });
    await send(port, 'DELETE', OBJECT, undefined, { authorization: 'Firebase owner' });
    expect(seen.map((line) => line.split(' ').slice(0, 4).join(' '))).toEqual([
      'POST /identitytoolkit.googleapis.com/v1/accounts:lookup?key=k en-GB -',
      `GET ${OBJECT} en-GB -`,
      `DELETE ${OBJECT} en-GB -`,
    ]);
  });

  it('leaves every other path to the site', async () => {
    const port = await site({ auth: '127.0.0.1:1', storage: '127.0.0.1:1' });
    for (const path of ['/', '/login', '/identitytoolkit', '/emulatorx/v1'])
      expect(await send(port, 'GET', path)).toEqual({ status: 404, text: 'site' });
  });

  it('holds requests until the emulators are ready', async () => {
    const seen: string[] = [];
    let ready!: () => void;
    const port = await site({
      auth: await recordingEmulator(seen),
      ready: new Promise<void>((resolve) => (ready = resolve)),
    });
    let answered = false;
    const answer = send(port, 'GET', '/emulator/v1/projects/demo-ardent/oobCodes').then(
      (result) => ((answered = true), result),
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(answered).toBe(false);
    ready();
    expect(await answer).toMatchObject({ status: 200 });
  });

  it('an emulator that does not answer, or never started, looks like a lost connection, and is logged', async () => {
    const errors: string[] = [];
    const closed = await site({
      auth: '127.0.0.1:1',
      logger: { error: (message) => errors.push(message) },
    });
    expect(
      await send(closed, 'POST', '/identitytoolkit.googleapis.com/v1/accounts:signUp?key=k', '{}'),
    ).toBe('connection lost');
    expect(errors[0]).toMatch(/^The local Auth emulator did not answer POST \/identitytoolkit/);
    const failed = Promise.reject(new Error('did not start'));
    failed.catch(() => {});
    const port = await site({ auth: '127.0.0.1:1', ready: failed });
    expect(await send(port, 'GET', '/emulator/v1/projects/demo-ardent/oobCodes')).toBe(
      'connection lost',
    );
  });
});
