/**
 * How the attempt's view models name what a page says: a key of a texts section
 * (flows/texts.zh-CN.json, typed by schemas/texts.ts) with the values of its {slots}, never
 * the text itself. The view looks the key up in the texts it was handed and fills it, so the
 * flow stays free of wording and language, and a renamed key fails to compile here.
 */
import type { Texts, TextSection } from "../../../schemas/texts";

/** A key of the texts section `S`. */
export type TextKey<S extends TextSection> = keyof Texts[S] & string;

/**
 * A text of one of the sections `S`: its section, its key, and the values its {slots} take.
 * @example const ref: TextRef<"realtime"> = { section: "realtime", key: "countdownHint", fill: { seconds: "3" } };
 */
export type TextRef<S extends TextSection> = {
  [K in S]: { readonly section: K; readonly key: TextKey<K>; readonly fill?: Readonly<Record<string, string>> };
}[S];
