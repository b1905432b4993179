// AWS Lambda's Node.js runtime, as far as a Netlify Function meets it, for tests/platform/ and the bench: one
// process per function, started by lambda.ts with the flags Lambda starts Node with; it imports
// the handler Netlify's bundler wrote (the cold start), then answers each invocation with the
// event and context Netlify gives, through the `awslambda` global's response streaming, which
// Netlify's bootstrap writes to. Plain JavaScript, so that nothing but Node loads the function.
//
// Written here rather than taken from lambda-local (what Netlify's CLI uses) because that package
// also sets Lambda's reserved variables (AWS_LAMBDA_FUNCTION_NAME…) in every process, which mark a
// function as deployed; the tests choose them for each run.
import { Writable } from 'node:stream';
import { pathToFileURL } from 'node:url';

class ResponseStream extends Writable {
  chunks = [];
  /** What the handler said before the body: statusCode and headers. */
  prelude = undefined;
  _write(chunk, _encoding, done) {
    this.chunks.push(Buffer.from(chunk));
    done();
  }
}

globalThis.awslambda = {
  streamifyResponse: (handler) => handler,
  HttpResponseStream: {
    from(stream, prelude) {
      stream.prelude = prelude;
      return stream;
    },
  },
};

const send = (message) => new Promise((sent) => process.send(message, sent));
const reason = (error) => (error instanceof Error ? (error.stack ?? error.message) : String(error));

const started = performance.now();
let handler;
try {
  handler = (await import(pathToFileURL(process.argv[2]).href)).handler;
  if (typeof handler !== 'function') throw new Error(`${process.argv[2]} exports no handler.`);
} catch (error) {
  await send({ type: 'init-error', error: reason(error) });
  process.exit(1);
}
await send({ type: 'ready', ms: performance.now() - started });

let invocations = 0;
/** One invocation, answered to the parent: its response, or its error as Lambda reports it. */
async function invoke({ id, event }) {
  const stream = new ResponseStream();
  const finished = new Promise((resolve, reject) =>
    stream.on('finish', resolve).on('error', reject),
  );
  const begun = performance.now();
  const context = {
    awsRequestId: `${process.pid}-${++invocations}`,
    functionName: process.env.AWS_LAMBDA_FUNCTION_NAME ?? 'function',
    callbackWaitsForEmptyEventLoop: true,
    clientContext: { custom: {} },
    getRemainingTimeInMillis: () => Math.max(0, 30_000 - (performance.now() - begun)),
  };
  try {
    await handler(event, stream, context);
    await finished;
    await send({
      type: 'answer',
      id,
      prelude: stream.prelude,
      body: Buffer.concat(stream.chunks).toString('utf8'),
      ms: performance.now() - begun,
    });
  } catch (error) {
    // Lambda reports the invocation as failed; Netlify answers it 500.
    await send({ type: 'answer', id, error: reason(error), ms: performance.now() - begun });
  }
}
// send() fails only when the channel to the parent has closed: nobody is left to answer, so stop.
process.on('message', (message) => {
  invoke(message).catch(() => process.exit(1));
});
