/**
 * The pattern form of flows/devices.json (see schemas/devices.ts): a plain substring matched
 * case-sensitively, or "/source/flags" for a regular expression.
 */
import { REGEX_PATTERN } from "../../schemas/devices";

/** A compiled pattern: a predicate over a text. */
type TextMatcher = (text: string) => boolean;

/** Compile a pattern; throws on a regular expression that does not compile. */
export function compilePattern(pattern: string): TextMatcher {
  const m = REGEX_PATTERN.exec(pattern);
  if (!m) return (text) => text.includes(pattern);
  const re = new RegExp(m[1] ?? "", m[2]);
  return (text) => re.test(text);
}
