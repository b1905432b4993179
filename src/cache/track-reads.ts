// Records what a page's render reads from the site-wide data, so that a rendered page can be
// reused while everything it read is unchanged: by the disk cache on the next build, and by the
// dev server after an edit. A read is recorded as a path from a root ("site", "assets") with the
// primitive found there, and checked later by following the same path in the new data.
//
// Recording reads rather than listing what each template uses keeps this correct when the
// templates change: a listing that starts showing another field simply reads it.

/** Marks a read whose value cannot be compared later (a function, a frozen object): the page is never reused. */
export const UNTRACKABLE = '\u0000untrackable';

/** Separates the steps of a path's text form. */
const SEP = '\u0001';

/** One step of a path, interned: the same path is the same node for every page of a build. */
export class PathNode {
  private readonly children = new Map<string, PathNode>();
  /** Property steps by key: a read of a property looks its node up without building its step's text. */
  private readonly props = new Map<string, PathNode>();
  /** The wrapper for the object found at this path (objects only). */
  wrapper: object | undefined;
  /** The recording that last saw this path, and the value it found (see ReadTracker.note). */
  seenIn = 0;
  seenValue: unknown;
  private text: string | undefined;

  constructor(
    readonly parent: PathNode | null,
    /** ".key", "@get<json>", "@has<json>", "@keys", "@json", "@in<key>", "@call<method><json args>", or the root's name. */
    readonly step: string,
  ) {}

  child(step: string): PathNode {
    let node = this.children.get(step);
    if (!node) {
      node = new PathNode(this, step);
      this.children.set(step, node);
    }
    return node;
  }

  /** The child ".key". */
  prop(key: string): PathNode {
    let node = this.props.get(key);
    if (!node) {
      node = this.child(`.${key}`);
      this.props.set(key, node);
    }
    return node;
  }

  /** The path's text form, stored in the disk cache and read back by `valueAt`. */
  get path(): string {
    return (this.text ??= this.parent ? `${this.parent.path}${SEP}${this.step}` : this.step);
  }
}

/** What one page read: path → primitive found. */
export type Reads = Map<PathNode, unknown>;

const isPrimitive = (value: unknown) => value === null || (typeof value !== 'object' && typeof value !== 'function');
const keysOf = (target: object): string =>
  JSON.stringify(target instanceof Map || target instanceof Set ? [...target.keys()] : Reflect.ownKeys(target).filter((key) => typeof key === 'string'));

/**
 * Wraps data so that reads through it are recorded into whichever page is being rendered
 * (`record(reads, render)`). One tracker serves a whole build: its wrappers are made once per
 * path, not once per page. The wrapped data reads like the original, with one difference: the
 * same object reached by two paths is two different wrappers (each records its own path), so
 * identity comparisons between them fail.
 */
export class ReadTracker {
  /** The paths the current recording has read so far, each once, and the recording's number. */
  private current: PathNode[] | null = null;
  private recording = 0;
  private static recordings = 0;
  private readonly roots = new Map<string, { value: object; node: PathNode }>();

  /** The wrapped form of a root value ("site", "assets"). Wrapping a different value under the same name starts over. */
  wrap<T extends object>(name: string, value: T): T {
    let root = this.roots.get(name);
    if (!root || root.value !== value) {
      root = { value, node: new PathNode(null, name) };
      this.roots.set(name, root);
    }
    return this.wrapAt(value, root.node) as T;
  }

  /** Runs `render` with the reads it makes recorded in `reads`. */
  record<R>(reads: Reads, render: () => R): R {
    const previous = { current: this.current, recording: this.recording };
    const seen: PathNode[] = [];
    this.current = seen;
    this.recording = ++ReadTracker.recordings;
    try {
      return render();
    } finally {
      // Into the map once a path, not once a read: a page reads the same few hundred paths many times.
      for (const node of seen) reads.set(node, node.seenValue);
      this.current = previous.current;
      this.recording = previous.recording;
    }
  }

  private note(node: PathNode, found: unknown): void {
    if (!this.current) return;
    const value = isPrimitive(found) ? found : UNTRACKABLE;
    if (node.seenIn !== this.recording) {
      node.seenIn = this.recording;
      this.current.push(node);
    }
    // The last value read wins, as it did in a map.
    node.seenValue = value;
  }

  /** The data's JSON, made once per object: the same navigation is serialized for every page. */
  private readonly json = new WeakMap<object, string>();

  private asJson(target: object, node: PathNode): object {
    let text = this.json.get(target);
    if (text === undefined) {
      text = JSON.stringify(target);
      this.json.set(target, text);
    }
    this.note(node.child('@json'), text);
    return target;
  }

  private wrapAt(target: unknown, node: PathNode): unknown {
    if (isPrimitive(target)) {
      this.note(node, target);
      return target;
    }
    if (typeof target === 'function') {
      this.note(node, UNTRACKABLE);
      return target;
    }
    return (node.wrapper ??= target instanceof Map || target instanceof Set || target instanceof Date ? this.slotted(target, node) : this.plain(target as object, node));
  }

  private plain(target: object, node: PathNode): object {
    const frozen = Object.isFrozen(target);
    return new Proxy(target, {
      get: (object, key, receiver) => {
        // Symbol.iterator and the like: the built-in methods read through this proxy again.
        if (typeof key === 'symbol') return Reflect.get(object, key, receiver);
        // JSON.stringify (an island's props) reads everything below: recorded as one read of the
        // whole JSON, and serialized from the real object, not property by property through proxies.
        if (key === 'toJSON' && !(key in object)) return () => this.asJson(object, node);
        const found = Reflect.get(object, key, receiver);
        // Inherited methods (Array.prototype.map…) are code, not data: their reads come back through the proxy.
        if (typeof found === 'function' && !Object.hasOwn(object, key)) return found;
        const child = node.prop(key);
        if (frozen && !isPrimitive(found)) {
          // A frozen property must be returned as it is (a Proxy invariant), so reads below it are not seen.
          this.note(child, UNTRACKABLE);
          return found;
        }
        return this.wrapAt(found, child);
      },
      has: (object, key) => {
        const result = Reflect.has(object, key);
        if (typeof key === 'string') this.note(node.child(`@in${key}`), result);
        return result;
      },
      ownKeys: (object) => {
        this.note(node.child('@keys'), keysOf(object));
        return Reflect.ownKeys(object);
      },
    });
  }

  /** Maps, Sets and Dates keep their data in internal slots: their methods must run on the real object. */
  private slotted(target: Map<unknown, unknown> | Set<unknown> | Date, node: PathNode): object {
    const entries = (collection: Map<unknown, unknown> | Set<unknown>) => {
      this.note(node.child('@keys'), keysOf(collection));
      return collection instanceof Map
        ? [...collection].map(([k, v]) => [k, this.wrapAt(v, node.child(`@get${JSON.stringify(k)}`))] as [unknown, unknown])
        : [...collection].map((k) => [k, k] as [unknown, unknown]);
    };
    return new Proxy(target, {
      get: (object, key) => {
        if (object instanceof Map || object instanceof Set) {
          const collection = object;
          switch (key) {
            case 'size':
              this.note(node.child('.size'), collection.size);
              return collection.size;
            case 'get':
              if (collection instanceof Map) return (k: unknown) => this.wrapAt(collection.get(k), node.child(`@get${JSON.stringify(k)}`));
              break;
            case 'has':
              return (k: unknown) => {
                const result = collection.has(k);
                this.note(node.child(`@has${JSON.stringify(k)}`), result);
                return result;
              };
            case Symbol.iterator:
            case 'entries':
              return () => {
                const all = entries(collection);
                return (key === 'entries' || collection instanceof Map ? all : all.map(([k]) => k))[Symbol.iterator]();
              };
            case 'keys':
              return () => entries(collection).map(([k]) => k)[Symbol.iterator]();
            case 'values':
              return () => entries(collection).map(([, v]) => v)[Symbol.iterator]();
            case 'forEach':
              return (callback: (value: unknown, key: unknown, collection: unknown) => void, thisArg?: unknown) => {
                for (const [k, v] of entries(collection)) callback.call(thisArg, v, k, collection);
              };
          }
        }
        const found = Reflect.get(object, key, object);
        if (typeof found === 'function' && typeof key === 'string') {
          // Date methods and the like: recorded as calls with their arguments.
          return (...args: unknown[]) => {
            const result = (found as (...a: unknown[]) => unknown).apply(object, args);
            const comparable = args.every(isPrimitive) && isPrimitive(result);
            this.note(node.child(`@call${key}${JSON.stringify(comparable ? args : [])}`), comparable ? result : UNTRACKABLE);
            return result;
          };
        }
        if (typeof key === 'symbol') return found;
        return this.wrapAt(found, node.prop(key));
      },
    });
  }
}

/** A recorded path, parsed once: looked up again after every change in the dev server. */
export type CompiledPath = readonly [root: string, ...steps: CompiledStep[]];

type CompiledStep =
  | { kind: 'prop'; key: string }
  | { kind: 'keys' }
  | { kind: 'json' }
  | { kind: 'get' | 'has'; key: unknown }
  | { kind: 'in'; key: string }
  | { kind: 'call'; method: string; args: unknown[] }
  | { kind: 'unknown' };

export function compilePath(path: string): CompiledPath {
  const [root, ...steps] = path.split(SEP);
  return [
    root!,
    ...steps.map((step): CompiledStep => {
      if (step.startsWith('.')) return { kind: 'prop', key: step.slice(1) };
      if (step === '@keys') return { kind: 'keys' };
      if (step === '@json') return { kind: 'json' };
      if (step.startsWith('@get')) return { kind: 'get', key: JSON.parse(step.slice(4)) as unknown };
      if (step.startsWith('@has')) return { kind: 'has', key: JSON.parse(step.slice(4)) as unknown };
      if (step.startsWith('@in')) return { kind: 'in', key: step.slice(3) };
      if (step.startsWith('@call')) {
        const rest = step.slice(5);
        const open = rest.indexOf('[');
        return { kind: 'call', method: rest.slice(0, open), args: JSON.parse(rest.slice(open)) as unknown[] };
      }
      return { kind: 'unknown' };
    }),
  ];
}

/** The primitive at a recorded path in new data, or UNTRACKABLE when the path does not lead to one. */
export function valueAt(roots: Readonly<Record<string, unknown>>, path: string | CompiledPath): unknown {
  const [root, ...steps] = typeof path === 'string' ? compilePath(path) : path;
  let current: unknown = roots[root];
  for (const step of steps) {
    switch (step.kind) {
      case 'prop':
        if (current === null || current === undefined) return UNTRACKABLE;
        current = step.key === 'size' && (current instanceof Map || current instanceof Set) ? current.size : (current as Record<string, unknown>)[step.key];
        break;
      case 'keys':
        if (current === null || typeof current !== 'object') return UNTRACKABLE;
        current = keysOf(current);
        break;
      case 'json':
        if (current === null || typeof current !== 'object') return UNTRACKABLE;
        current = JSON.stringify(current);
        break;
      case 'get':
        if (!(current instanceof Map)) return UNTRACKABLE;
        current = current.get(step.key);
        break;
      case 'has':
        if (!(current instanceof Map || current instanceof Set)) return UNTRACKABLE;
        current = current.has(step.key);
        break;
      case 'in':
        if (current === null || typeof current !== 'object') return UNTRACKABLE;
        current = step.key in current;
        break;
      case 'call': {
        const method = (current as Record<string, unknown> | null | undefined)?.[step.method];
        if (typeof method !== 'function') return UNTRACKABLE;
        current = (method as (...a: unknown[]) => unknown).apply(current, step.args);
        break;
      }
      default:
        return UNTRACKABLE;
    }
  }
  return isPrimitive(current) ? current : UNTRACKABLE;
}
