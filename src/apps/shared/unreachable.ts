/** For the end of a switch that handles every case: TypeScript fails the build when one is added and not handled. */
export function unreachable(value: never): never {
  throw new Error(`Unhandled case: ${JSON.stringify(value)}`);
}
