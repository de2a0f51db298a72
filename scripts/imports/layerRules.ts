/**
 * The layer order of the source (`layers.json`) and its check over the import graph. Every edge
 * counts, type-only and dynamic ones too: naming a type from a module is depending on it.
 * An edge between two files of one folder is free (the cycle check still sees it); across
 * folders, the importing program must be the imported one's or the imported layer shared, and
 * the imported layer must be lower than the importer's.
 */
import * as z from "zod";
import type { ImportEdge, ImportGraph } from "./importGraph";
import layersFile from "./layers.json";

const PROGRAMS = ["shared", "browser", "service"] as const;
type Program = (typeof PROGRAMS)[number];

const layerSchema = z.strictObject({
  name: z.string().min(1),
  /** Which program the layer's code runs in; anyone may import a shared layer. */
  program: z.enum(PROGRAMS),
  /** Folders (or single files) from the repository root, "/"-separated, no trailing "/". */
  folders: z.array(z.string().regex(/^[^/].*[^/]$/)).min(1),
  /** Why the layer sits where it does: the order is a decision, the data says so. */
  why: z.string().min(1),
});

const layeringSchema = z.strictObject({
  $comment: z.string().optional(),
  /** Lowest first. */
  layers: z.array(layerSchema).min(1),
});

export type Layering = z.infer<typeof layeringSchema>;
type Layer = Layering["layers"][number];

const owns = (folder: string, file: string): boolean => file === folder || file.startsWith(`${folder}/`);

/**
 * A layering read from data; throws on a bad shape, a name given twice, or a folder listed twice
 * or inside another listed folder (a file would then have two places).
 */
export function parseLayering(data: unknown): Layering {
  const layering = layeringSchema.parse(data);
  const problems: string[] = [];
  const names = layering.layers.map((l) => l.name);
  for (const name of new Set(names)) if (names.filter((n) => n === name).length > 1) problems.push(`layer "${name}" is given twice`);
  const folders = layering.layers.flatMap((l) => l.folders);
  folders.forEach((a, i) =>
    folders.forEach((b, j) => {
      if (i < j && (owns(a, b) || owns(b, a))) problems.push(`folders "${a}" and "${b}" overlap`);
    }),
  );
  if (problems.length > 0) throw new Error(`layers: ${problems.join("; ")}`);
  return layering;
}

/** The repository's layering (scripts/imports/layers.json). */
export const SHIPPED_LAYERING: Layering = parseLayering(layersFile);

interface Placement {
  layer: Layer;
  /** The layer's position, 0 the lowest. */
  rank: number;
  folder: string;
}

function placementOf(layering: Layering, file: string): Placement | undefined {
  for (const [rank, layer] of layering.layers.entries()) {
    const folder = layer.folders.find((f) => owns(f, file));
    if (folder !== undefined) return { layer, rank, folder };
  }
  return undefined;
}

export type LayerViolation = { rule: string; edge: ImportEdge } | { rule: "file in no layer"; file: string };

const programRule = (from: Program, to: Program): string => `${from} code imports no ${to} code`;

/** The rule an edge between two placed files breaks, if any. */
function brokenRule(from: Placement, to: Placement): string | undefined {
  if (from.folder === to.folder) return undefined;
  if (to.layer.program !== "shared" && to.layer.program !== from.layer.program) return programRule(from.layer.program, to.layer.program);
  if (to.rank > from.rank) return `import runs back up the layers (${from.layer.name} is below ${to.layer.name})`;
  if (to.rank === from.rank) return `folders of one layer do not import each other (${from.layer.name})`;
  return undefined;
}

/** Every file without a layer (once each), then every edge that breaks the layering, in the graph's order. */
export function findLayerViolations(graph: ImportGraph, layering: Layering = SHIPPED_LAYERING): LayerViolation[] {
  const unplaced = new Set<string>();
  const place = (file: string): Placement | undefined => {
    const found = placementOf(layering, file);
    if (found === undefined) unplaced.add(file);
    return found;
  };
  for (const file of graph.files) place(file);
  const broken: LayerViolation[] = [];
  for (const edge of graph.edges) {
    const from = place(edge.from);
    const to = place(edge.to);
    const rule = from && to ? brokenRule(from, to) : undefined;
    if (rule !== undefined) broken.push({ rule, edge });
  }
  return [...[...unplaced].map((file) => ({ rule: "file in no layer" as const, file })), ...broken];
}
