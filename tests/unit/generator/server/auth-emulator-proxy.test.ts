// The local site server's proxy to the Auth emulator: the emulator's paths reach it, with method,
// query, headers and body, once it is ready; nothing else is taken; an emulator that does not answer
// looks like a lost connection.
import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { authEmulatorProxy } from '../../../../src/generator/server/auth-emulator-proxy.ts';

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

async function listen(handler: Parameters<typeof createServer>[1]): Promise<number> {
  const server = createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

/** A site server with only the proxy, answering 404 to anything it does not take. */
async function site(options: Parameters<typeof authEmulatorProxy>[0]): Promise<number> {
  const proxy = authEmulatorProxy(options);
  return listen((req, res) => {
    void proxy(req, res).then((taken) => {
      if (!taken) res.writeHead(404).end('site');
    });
  });
}

function send(port: number, method: string, path: string, body?: string): Promise<{ status: number; text: string } | 'connection lost'> {
  return new Promise((resolve) => {
    const req = request({ port, host: '127.0.0.1', method, path, headers: { 'content-type': 'application/json', 'x-firebase-locale': 'en-GB' } }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode!, text }));
      res.on('error', () => resolve('connection lost'));
    });
    req.on('error', () => resolve('connection lost'));
    req.end(body);
  });
}

describe('authEmulatorProxy', () => {
  it('passes the SDK\'s and the emulator\'s own paths on, with method, query, headers and body', async () => {
    const seen: string[] = [];
    const emulator = await listen((req: IncomingMessage, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        seen.push(`${req.method} ${req.url} ${req.headers['x-firebase-locale']} ${body}`);
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
      });
    });
    const port = await site({ host: `127.0.0.1:${emulator}` });
    expect(await send(port, 'POST', '/identitytoolkit.googleapis.com/v1/accounts:signUp?key=k', '{"email":"a@b.example"}')).toEqual({ status: 200, text: '{"ok":true}' });
    expect(await send(port, 'POST', '/securetoken.googleapis.com/v1/token?key=k', 'grant_type=refresh_token')).toMatchObject({ status: 200 });
    expect(await send(port, 'GET', '/emulator/v1/projects/demo-ardent/oobCodes')).toMatchObject({ status: 200 });
    expect(seen).toEqual([
      'POST /identitytoolkit.googleapis.com/v1/accounts:signUp?key=k en-GB {"email":"a@b.example"}',
      'POST /securetoken.googleapis.com/v1/token?key=k en-GB grant_type=refresh_token',
      'GET /emulator/v1/projects/demo-ardent/oobCodes en-GB ',
    ]);
  });

  it('leaves every other path to the site', async () => {
    const port = await site({ host: '127.0.0.1:1' });
    for (const path of ['/', '/login', '/identitytoolkit.googleapis.com', '/emulatorx/v1']) expect(await send(port, 'GET', path)).toEqual({ status: 404, text: 'site' });
  });

  it('holds requests until the emulator is ready', async () => {
    const emulator = await listen((_req, res) => res.end('late'));
    let ready!: () => void;
    const port = await site({ host: `127.0.0.1:${emulator}`, ready: new Promise<void>((resolve) => (ready = resolve)) });
    let answered = false;
    const answer = send(port, 'GET', '/emulator/v1/projects/demo-ardent/config').then((result) => ((answered = true), result));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(answered).toBe(false);
    ready();
    expect(await answer).toEqual({ status: 200, text: 'late' });
  });

  it('an emulator that does not answer, or never started, looks like a lost connection, and is logged', async () => {
    const errors: string[] = [];
    const closed = await site({ host: '127.0.0.1:1', logger: { error: (message) => errors.push(message) } });
    expect(await send(closed, 'POST', '/identitytoolkit.googleapis.com/v1/accounts:signUp?key=k', '{}')).toBe('connection lost');
    expect(errors[0]).toMatch(/^The local Auth emulator did not answer POST \/identitytoolkit/);
    const failed = Promise.reject(new Error('did not start'));
    failed.catch(() => {});
    const port = await site({ host: '127.0.0.1:1', ready: failed });
    expect(await send(port, 'GET', '/emulator/v1/projects/demo-ardent/config')).toBe('connection lost');
  });
});
