// A minimal Server-Sent Events client over node:http, for the dev-server tests.
import { request, type IncomingMessage } from 'node:http';

export interface ServerSentEvent {
  event: string;
  data: string;
}

export interface EventStream {
  response: IncomingMessage;
  /** Resolves with the next event called `name` (earlier ones included if not yet taken). */
  next(name: string, timeoutMs?: number): Promise<ServerSentEvent>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

export function openEventStream(
  port: number,
  path = '/__dev/events',
  host = '127.0.0.1',
): Promise<EventStream> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host, port, path, headers: { accept: 'text/event-stream' } },
      (response) => {
        const received: ServerSentEvent[] = [];
        const waiters: { name: string; resolve: (event: ServerSentEvent) => void }[] = [];
        let buffer = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          buffer += chunk;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) !== -1) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            let event = 'message';
            const data: string[] = [];
            for (const line of block.split('\n')) {
              if (line.startsWith('event: ')) event = line.slice(7);
              else if (line.startsWith('data: ')) data.push(line.slice(6));
            }
            if (data.length === 0 && event === 'message') continue; // comments, retry
            received.push({ event, data: data.join('\n') });
          }
          // A copy: the loop takes the waiters it answers out of the list.
          for (const waiter of waiters.slice()) {
            const index = received.findIndex((item) => item.event === waiter.name);
            if (index === -1) continue;
            const [item] = received.splice(index, 1);
            waiters.splice(waiters.indexOf(waiter), 1);
            waiter.resolve(item!);
          }
        });
        const ended = new Promise<void>((resolveEnded) => {
          response.on('end', () => resolveEnded());
          response.on('close', () => resolveEnded());
        });
        resolve({
          response,
          ended,
          next(name, timeoutMs = 5000) {
            const index = received.findIndex((item) => item.event === name);
            if (index !== -1) return Promise.resolve(received.splice(index, 1)[0]!);
            return new Promise((resolveNext, rejectNext) => {
              const timer = setTimeout(
                () => rejectNext(new Error(`No "${name}" event within ${timeoutMs} ms`)),
                timeoutMs,
              );
              waiters.push({
                name,
                resolve: (item) => {
                  clearTimeout(timer);
                  resolveNext(item);
                },
              });
            });
          },
          close: () => req.destroy(),
        });
      },
    );
    req.on('error', reject);
    req.end();
  });
}
