// The in-process Storage emulator shares the site server's process, so none of its requests may end
// that process. firebase-tools' emulator is an Express 4 app whose handlers are async functions, and
// Express 4 leaves a rejected handler unhandled: Node then stops the process, the site and both
// emulators with it (a photo whose contentEncoding says gzip but whose bytes are not threw
// Z_DATA_ERROR on its next download). Here each handler's rejection takes Express's error path
// instead, and is answered 500 with words and logged.

/** The parts of an Express 4 app and its router layers this file touches. */
type Handler = ((req: Request, res: Response, next: (error?: unknown) => void) => unknown) & {
  stack?: Layer[];
};
interface Layer {
  handle: Handler;
  route?: { stack: Layer[] };
}
interface Request {
  method: string;
  originalUrl: string;
}
interface Response {
  headersSent: boolean;
  status(code: number): { json(body: unknown): void };
  destroy(): void;
}
export interface ExpressApp {
  _router?: { stack: Layer[] };
  use(handler: (error: unknown, req: Request, res: Response, next: () => void) => void): unknown;
}

export function answerHandlerErrors(app: ExpressApp, log: (message: string) => void): void {
  if (!app._router) throw new Error('The Storage emulator has no Express router to guard.');
  guard(app._router.stack);
  app.use((error, req, res, _next) => {
    const reason = error instanceof Error ? error.message : String(error);
    log(
      `The local Storage emulator failed on ${req.method} ${req.originalUrl}: ${error instanceof Error ? (error.stack ?? reason) : reason}`,
    );
    if (res.headersSent) return res.destroy();
    res.status(500).json({
      error: {
        code: 500,
        message: `The local Storage emulator could not answer this request (${reason}). It is logged where the site runs; the site and the emulators keep running.`,
      },
    });
  });
}

function guard(stack: Layer[]): void {
  for (const layer of stack) {
    if (layer.route) guard(layer.route.stack);
    else if (Array.isArray(layer.handle.stack)) guard(layer.handle.stack);
    // Four parameters mark an error handler, which Express calls only with an error: left as it is.
    else if (layer.handle.length < 4) layer.handle = catching(layer.handle);
  }
}

function catching(handle: Handler): Handler {
  return function (this: unknown, req, res, next) {
    const result = handle.call(this, req, res, next);
    if (result instanceof Promise) result.catch(next);
    return result;
  };
}
