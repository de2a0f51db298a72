/**
 * A registry of named implementations: flow files name things by string, code registers
 * them once at the composition root, and a lookup of an unknown name throws with the list
 * of known names (never a silent fallback; see STYLE.md rule 2).
 */
export interface Registry<T> {
  readonly kind: string;
  get(name: string): T;
  has(name: string): boolean;
  names(): string[];
}

export class UnknownNameError extends Error {
  constructor(kind: string, name: string, known: readonly string[]) {
    super(`Unknown ${kind} "${name}". Known ${kind}s: ${known.length ? known.join(", ") : "(none registered)"}`);
    this.name = "UnknownNameError";
  }
}

/** Make a registry from a record of implementations. */
export function createRegistry<T>(kind: string, entries: Record<string, T>): Registry<T> {
  const map = new Map(Object.entries(entries));
  return {
    kind,
    get(name) {
      const found = map.get(name);
      if (found === undefined) throw new UnknownNameError(kind, name, [...map.keys()]);
      return found;
    },
    has: (name) => map.has(name),
    names: () => [...map.keys()],
  };
}
