/**
 * The import rules of faceflow's source, checked over the import graph (`importGraph.ts`):
 * - the layer order of `layers.json` (`layerRules.ts`): no import runs back up the layers,
 *   folders of one layer do not import each other, the service imports no browser code (and the
 *   browser no service code), and every file has a layer;
 * - no import cycles.
 * Every edge counts, type-only ones too: naming a type from a module is depending on it. A cycle
 * of type-only edges cannot reorder module evaluation, but its files still cannot be read or
 * changed apart; where a context names a part that takes the context, the part's interface
 * lives in a file of its own (src/server/verify/queueContract.ts).
 */
import type { ImportEdge, ImportGraph } from "./importGraph";
import { findLayerViolations, SHIPPED_LAYERING, type Layering, type LayerViolation } from "./layerRules";

type ImportViolation = LayerViolation | { rule: "import cycle"; cycle: string[] };

/** Every broken rule of the graph: files without a layer, edges against the layering, then one cycle per group of files that import each other. */
export function findImportViolations(graph: ImportGraph, layering: Layering = SHIPPED_LAYERING): ImportViolation[] {
  const edges = graph.edges;
  const cycles = stronglyConnected(graph.files, edges).map((group) => ({ rule: "import cycle" as const, cycle: cycleWithin(group, edges) }));
  return [...findLayerViolations(graph, layering), ...cycles];
}

/** One line per violation, for the script's output and the test's failure message. */
export function describeViolation(v: ImportViolation): string {
  if ("cycle" in v) return `${v.rule}: ${v.cycle.join(" -> ")}`;
  if ("file" in v) return `${v.rule} (scripts/imports/layers.json): ${v.file}`;
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
