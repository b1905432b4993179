// The local Storage emulator for build tests, behind a counting pass-through (a real HTTP server),
// so a test can say how many metadata and byte requests a build made.
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { freePort } from '../../src/generator/emulators/auth-emulator.ts';
import { ALT_KEY } from '../../src/kernel/wire/library-reference.ts';
import {
  startStorageEmulator,
  type StorageEmulator,
} from '../../src/generator/emulators/storage-emulator.ts';
import { EMULATOR_OWNER, uploadObject } from '../../src/generator/emulators/storage-rest.ts';

export interface CountedLibrary {
  emulator: StorageEmulator;
  /** The counting pass-through's origin: what builds are pointed at. */
  origin: string;
  bucket: string;
  counts: { metadata: number; bytes: number };
  /** Puts a photo in the library, as an administrator would (alt text: custom metadata). */
  put(name: string, bytes: Uint8Array, alt: string, contentType?: string): Promise<void>;
  stop(): Promise<void>;
}

export async function startCountedLibrary(): Promise<CountedLibrary> {
  const emulator = await startStorageEmulator({ port: await freePort() });
  const counts = { metadata: 0, bytes: 0 };
  const server: Server = createServer((req, res) => {
    if (req.method === 'GET' && (req.url ?? '').includes('alt=media')) counts.bytes += 1;
    else if (req.method === 'GET') counts.metadata += 1;
    // A new connection upstream each time: a kept-alive one can be closed by the emulator's idle
    // timer just as it is reused, when a build in this process has held the event loop (ECONNRESET).
    const upstream = request(
      {
        host: '127.0.0.1',
        port: emulator.port,
        path: req.url,
        method: req.method,
        headers: req.headers,
        agent: false,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    req.pipe(upstream);
  });
  // Idle connections from the tests and builds stay open for the whole test file, for the same reason.
  server.keepAliveTimeout = 120_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const address = { origin, bucket: emulator.bucket };
  return {
    emulator,
    origin,
    bucket: emulator.bucket,
    counts,
    async put(name, bytes, alt, contentType = 'image/jpeg') {
      const response = await uploadObject(
        address,
        `media/${name}`,
        bytes,
        { contentType, customMetadata: alt ? { [ALT_KEY]: alt } : {} },
        EMULATOR_OWNER,
      );
      if (!response.ok) throw new Error(`Could not put media/${name}: HTTP ${response.status}`);
    },
    async stop() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await emulator.stop();
    },
  };
}
