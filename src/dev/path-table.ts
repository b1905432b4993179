// Every path the pages of the dev server's site have read (src/cache/track-reads.ts), with its
// value in the current site model, and which of them an edit changed. The paths are kept as a
// tree of their property and map steps too: after an edit most of the new model is the old one's
// objects, and a branch that reaches the same object in both is skipped whole, so an edit costs
// what it changed, not the tens of thousands of paths the pages read.
import { compilePath, UNTRACKABLE, valueAt, type CompiledPath } from '../cache/track-reads.ts';
import { fingerprint, type NewPath } from '../parallel/render-jobs.ts';

type Step = CompiledPath[number] & object;
type Roots = Readonly<Record<string, unknown>>;

/** Where following a step leads nowhere (valueAt gives UNTRACKABLE for the rest of the path). */
const NOWHERE = Symbol('nowhere');

/** A property or map step and the paths below it. */
class Branch {
  readonly children = new Map<string, Branch>();
  /** Paths that leave the tree here: their remaining steps, taken from the value found here. */
  readonly ends: { id: number; rest: Step[] }[] = [];
  constructor(readonly step: Step | null) {}
}

/** What a step finds, as valueAt follows it; NOWHERE where valueAt gives up. */
function follow(current: unknown, step: Step): unknown {
  if (current === NOWHERE) return NOWHERE;
  if (step.kind === 'prop') {
    if (current === null || current === undefined) return NOWHERE;
    return step.key === 'size' && (current instanceof Map || current instanceof Set) ? current.size : (current as Record<string, unknown>)[step.key];
  }
  return current instanceof Map ? current.get((step as { key: unknown }).key) : NOWHERE;
}

const stepKey = (step: Step) => (step.kind === 'prop' ? `.${step.key}` : `@get${JSON.stringify((step as { key: unknown }).key)}`);

export class PathTable {
  readonly paths: string[] = [];
  readonly values: unknown[] = [];
  private readonly ids = new Map<string, number>();
  private readonly roots = new Map<string, Branch>();
  /** Paths whose value cannot be compared: they count as changed after every edit. */
  private readonly untrackable = new Set<number>();

  constructor(paths: readonly string[] = [], values: readonly unknown[] = []) {
    paths.forEach((text, i) => this.intern(text, values[i]));
  }

  intern(text: string, value: unknown): number {
    let id = this.ids.get(text);
    if (id === undefined) {
      id = this.paths.length;
      this.ids.set(text, id);
      this.paths.push(text);
      this.values.push(value);
      if (value === UNTRACKABLE) this.untrackable.add(id);
      this.plant(id, compilePath(text));
    }
    return id;
  }

  private plant(id: number, [root, ...steps]: CompiledPath): void {
    let branch: Branch | undefined = this.roots.get(root);
    if (!branch) this.roots.set(root, (branch = new Branch(null)));
    let i = 0;
    for (; i < steps.length; i++) {
      const step = steps[i]!;
      if (step.kind !== 'prop' && step.kind !== 'get') break;
      const key = stepKey(step);
      let child: Branch | undefined = branch.children.get(key);
      if (!child) branch.children.set(key, (child = new Branch(step)));
      branch = child;
    }
    branch.ends.push({ id, rest: steps.slice(i) });
  }

  /**
   * Looks the paths up in the new data: which changed (by id). The table takes the new values.
   * Given the data the table's values were taken from (`before`), a branch that reaches the same
   * value in both is skipped: site data is never changed in place, so nothing below it changed.
   */
  update(roots: Roots, before?: Roots): boolean[] {
    const changed = new Array<boolean>(this.paths.length).fill(false);
    for (const id of this.untrackable) changed[id] = true;
    const look = (id: number, value: unknown) => {
      const fresh = fingerprint(value);
      changed[id] = fresh === UNTRACKABLE || this.values[id] === UNTRACKABLE || fresh !== this.values[id];
      this.values[id] = fresh;
      if (fresh === UNTRACKABLE) this.untrackable.add(id);
      else this.untrackable.delete(id);
    };
    const visit = (branch: Branch, now: unknown, was: unknown, skip: boolean) => {
      if (skip && now === was) return;
      for (const { id, rest } of branch.ends) look(id, now === NOWHERE ? UNTRACKABLE : valueAt({ here: now }, ['here', ...rest]));
      for (const child of branch.children.values()) visit(child, follow(now, child.step!), skip ? follow(was, child.step!) : undefined, skip);
    };
    for (const [name, branch] of this.roots) visit(branch, roots[name], before?.[name], before !== undefined);
    return changed;
  }

  /** Ids for a renderer's read ids, given the paths it reported. */
  adopt(fresh: readonly NewPath[], into: number[] = []): number[] {
    for (const path of fresh) into[path.id] = this.intern(path.text, path.value);
    return into;
  }
}
