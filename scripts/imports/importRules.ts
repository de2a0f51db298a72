/**
 * The layering rules of faceflow's source, checked over the import graph (`importGraph.ts`):
 * - only ui itself and the composition roots (src/main.tsx, the gallery tool) import src/ui/; the
 *   lower layers (engine, capture, session, device, finish, analytics, runtime, api, face, boot,
 *   schemas, and the service) never do;
 * - schemas/ imports nothing from src/: the contract is shared by the browser, the service and the
 *   partner kit, so it may not depend on either side's code;
 * - no import cycles.
 * Every edge counts, type-only ones too: naming a type from a module is depending on it. A cycle
 * of type-only edges cannot reorder module evaluation, but its files still cannot be read or
 * changed apart; where a context names a part that takes the context, the part's interface
 * lives in a file of its own (src/server/verify/queueContract.ts).
 */
import type { ImportEdge, ImportGraph } from "./importGraph";

interface ArrowRule {
  name: string;
  /** Whether an importing file is bound by the rule. */
  from: (file: string) => boolean;
  /** Whether an imported file is forbidden to it. */
  to: (file: string) => boolean;
}

const UI_IMPORTERS = ["src/ui/", "src/gallery/", "src/main.tsx"];

const ARROW_RULES: ArrowRule[] = [
  {
    name: "only ui and the composition roots import src/ui/",
    from: (file) => !UI_IMPORTERS.some((allowed) => file.startsWith(allowed)),
    to: (file) => file.startsWith("src/ui/"),
  },
  { name: "schemas/ imports nothing from src/", from: (file) => file.startsWith("schemas/"), to: (file) => file.startsWith("src/") },
];

type ImportViolation = { rule: string; edge: ImportEdge } | { rule: "import cycle"; cycle: string[] };

/** Every broken rule of the graph: forbidden arrows, then one cycle per group of files that import each other. */
export function findImportViolations(graph: ImportGraph): ImportViolation[] {
  const arrows = graph.edges.flatMap((edge) => ARROW_RULES.filter((r) => r.from(edge.from) && r.to(edge.to)).map((r) => ({ rule: r.name, edge })));
  const edges = graph.edges;
  const cycles = stronglyConnected(graph.files, edges).map((group) => ({ rule: "import cycle" as const, cycle: cycleWithin(group, edges) }));
  return [...arrows, ...cycles];
}

/** One line per violation, for the script's output and the test's failure message. */
export function describeViolation(v: ImportViolation): string {
  if ("cycle" in v) return `${v.rule}: ${v.cycle.join(" -> ")}`;
  return `${v.rule}: ${v.edge.from} -> ${v.edge.to}${v.edge.kind === "static" ? "" : ` (${v.edge.kind})`}`;
}

function successors(edges: ImportEdge[]): Map<string, string[]> {
  const next = new Map<string, string[]>();
  for (const e of edges) next.set(e.from, [...(next.get(e.from) ?? []), e.to]);
  return next;
}

/** Tarjan's algorithm: the groups of two or more files, or one that imports itself, on a cycle. */
function stronglyConnected(files: string[], edges: ImportEdge[]): string[][] {
  const next = successors(edges);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    onStack.add(v);
    for (const w of next.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const group: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      group.push(w);
    } while (w !== v);
    if (group.length > 1 || (next.get(v) ?? []).includes(v)) groups.push(group.sort());
  };
  for (const file of [...files, ...next.keys()]) if (!index.has(file)) visit(file);
  return groups;
}

/** A shortest path from the group's first file back to itself, staying inside the group: a readable cycle. */
function cycleWithin(group: string[], edges: ImportEdge[]): string[] {
  const inGroup = new Set(group);
  const next = successors(edges.filter((e) => inGroup.has(e.from) && inGroup.has(e.to)));
  const start = group[0]!;
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const v = queue.shift()!;
    for (const w of next.get(v) ?? []) {
      if (w === start) {
        const path = [start];
        for (let u = v; u !== start; u = cameFrom.get(u)!) path.splice(1, 0, u);
        return [...path, start];
      }
      if (!cameFrom.has(w)) {
        cameFrom.set(w, v);
        queue.push(w);
      }
    }
  }
  throw new Error(`import rules: no cycle through ${start} in its group ${group.join(", ")}`);
}
