// The end of a switch that handles every kind of a union: tsc proves it unreachable (the value is
// `never` there, so a new kind without its case fails the typecheck), and the linter, which cannot
// see that the switch is exhaustive, sees the function end with a return.
export function unreachable(value: never, what: string): never {
  throw new Error(`Unknown ${what}: ${JSON.stringify(value)}`);
}
