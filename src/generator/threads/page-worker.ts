// A worker thread of the page pool (page-pool.ts): the generator bundle's `page-worker` entry
// (scripts/run.mjs). It does with its share of the pages what the main thread does with its own
// (page-work.ts), asking the main thread to plan images, so that each image is planned once per build.
import { parentPort, workerData } from 'node:worker_threads';
import type { ImagePlan } from '../../kernel/check/check-entry.ts';
import type { FromWorker, ToWorker, WorkerSettings } from './messages.ts';
import { PageWork } from './page-work.ts';

const port = parentPort!;
const send = (message: FromWorker) => port.postMessage(message);

const plans = new Map<number, (plan: ImagePlan) => void>();
let nextPlan = 0;
const work = new PageWork({
  ...(workerData as { settings: WorkerSettings }).settings,
  planImages: (raster) =>
    new Promise((resolve) => {
      const id = nextPlan++;
      plans.set(id, resolve);
      send({ plan: id, raster: [...raster] });
    }),
});

/** One message from the main thread: a planned image set, or a batch to load or render. */
async function answer(message: ToWorker): Promise<void> {
  if ('planned' in message) {
    plans.get(message.planned)!(message.plan);
    plans.delete(message.planned);
    return;
  }
  try {
    if ('load' in message) send({ id: message.id, loaded: await work.load(message.load) });
    else {
      if (message.setup) work.renderWith(message.setup);
      send({ id: message.id, rendered: work.render(message.render) });
    }
  } catch (error) {
    send({ id: message.id, error });
  }
}
port.on('message', (message: ToWorker) => void answer(message));
