/** Runs tasks one after another, in the order given: photos fetched and decoded whole, to be drawn small, so that memory stays in bounds. */
export type Queue = <T>(task: () => Promise<T>) => Promise<T>;

export function oneAtATime(): Queue {
  let last: Promise<unknown> = Promise.resolve();
  return (task) => {
    const result = last.then(task);
    last = result.catch(() => {});
    return result;
  };
}
