/**
 * The pre-pictures of a start page (spec §4: action 8 in the messaging browser, 9 in other
 * browsers; silent 5): small inline-SVG tips on how to be filmed, each marked do (✓) or
 * don't (✗). Drawn with theme classes (screens.css), so they follow every theme and cost no
 * image request. The order is the order of importance: a page showing 5 shows the first 5.
 */
import type { ReactNode } from "react";
import type { Texts } from "../FlowProvider";

const PRE_PICTURES = [
  "faceFront",
  "goodLight",
  "noHat",
  "noGlasses",
  "noCover",
  "noBacklight",
  "aloneInFrame",
  "holdSteady",
  "allowCamera",
] as const satisfies readonly (keyof Texts["prePictures"])[];
type PrePictureName = (typeof PRE_PICTURES)[number];

/** A head and shoulders centred at (cx, 34); the shared subject of most tips. */
function Person({ cx = 32, shade = false }: { cx?: number; shade?: boolean }) {
  const skin = shade ? "ff-tip-shade" : "ff-tip-skin";
  return (
    <g>
      <path className={shade ? "ff-tip-shade" : "ff-tip-body"} d={`M${cx - 17} 60 a17 13 0 0 1 34 0 Z`} />
      <ellipse className={skin} cx={cx} cy="30" rx="11" ry="13" />
      {!shade && (
        <>
          <circle className="ff-tip-ink" cx={cx - 4} cy="29" r="1.4" />
          <circle className="ff-tip-ink" cx={cx + 4} cy="29" r="1.4" />
          <path className="ff-tip-stroke" d={`M${cx - 3} 36 q3 2 6 0`} />
        </>
      )}
    </g>
  );
}

const PICTURES: Record<PrePictureName, () => ReactNode> = {
  faceFront: () => (
    <>
      <Person />
      <path className="ff-tip-accent-line" d="M16 18 V12 h6 M42 12 h6 v6 M48 40 v6 h-6 M22 46 h-6 v-6" />
    </>
  ),
  goodLight: () => (
    <>
      <circle className="ff-tip-sun" cx="51" cy="13" r="5" />
      <path className="ff-tip-sun-line" d="M51 3 v3 M51 20 v3 M41 13 h3 M58 13 h3 M44 6 l2 2 M56 18 l2 2 M58 6 l-2 2" />
      <Person />
    </>
  ),
  noHat: () => (
    <>
      <Person />
      <path className="ff-tip-prop" d="M17 22 h30 a3 3 0 0 1 0 4 h-30 a3 3 0 0 1 0 -4 Z M22 22 a10 9 0 0 1 20 0 Z" />
    </>
  ),
  noGlasses: () => (
    <>
      <Person />
      <path className="ff-tip-prop" d="M21 26 h9 v5 a4 4 0 0 1 -9 0 Z M34 26 h9 v5 a4 4 0 0 1 -9 0 Z" />
      <path className="ff-tip-prop-line" d="M30 28 h4" />
    </>
  ),
  noCover: () => (
    <>
      <Person />
      <path className="ff-tip-prop" d="M21 31 h22 v5 a11 8 0 0 1 -22 0 Z" />
      <path className="ff-tip-prop-line" d="M21 32 l-4 -4 M43 32 l4 -4" />
    </>
  ),
  noBacklight: () => (
    <>
      <circle className="ff-tip-sun" cx="32" cy="26" r="19" />
      <Person shade />
    </>
  ),
  aloneInFrame: () => (
    <>
      <Person cx={22} />
      <Person cx={44} />
    </>
  ),
  holdSteady: () => (
    <>
      <path className="ff-tip-accent-line" d="M12 16 v12 M52 16 v12" />
      <rect className="ff-tip-device" x="22" y="6" width="20" height="38" rx="3" />
      <ellipse className="ff-tip-skin" cx="32" cy="21" rx="5" ry="6" />
      <path className="ff-tip-skin" d="M20 62 V46 a6 6 0 0 1 6 -6 h12 a6 6 0 0 1 6 6 V62 Z" />
      <rect className="ff-tip-skin" x="17" y="28" width="8" height="5" rx="2.5" />
      <rect className="ff-tip-skin" x="17" y="34" width="8" height="5" rx="2.5" />
      <rect className="ff-tip-skin" x="39" y="31" width="8" height="5" rx="2.5" />
    </>
  ),
  allowCamera: () => (
    <>
      <rect className="ff-tip-device" x="10" y="14" width="44" height="34" rx="4" />
      <path className="ff-tip-body" d="M21 25 h6 l2 -3 h6 l2 3 h6 a2 2 0 0 1 2 2 v13 a2 2 0 0 1 -2 2 h-22 a2 2 0 0 1 -2 -2 v-13 a2 2 0 0 1 2 -2 Z" />
      <circle className="ff-tip-skin" cx="32" cy="33" r="5" />
    </>
  ),
};

/** Which tips show the right way (✓) rather than a thing to avoid (✗). */
const GOOD: ReadonlySet<PrePictureName> = new Set(["faceFront", "goodLight", "holdSteady", "allowCamera"]);

function Badge({ good }: { good: boolean }) {
  return (
    <g>
      <circle className={good ? "ff-tip-badge-good" : "ff-tip-badge-bad"} cx="54" cy="54" r="8" />
      <path className="ff-tip-badge-mark" d={good ? "M50 54 l3 3 l5 -6" : "M51 51 l6 6 M57 51 l-6 6"} />
    </g>
  );
}

export function PrePictures({ count, heading, labels }: { count: number; heading: string; labels: Texts["prePictures"] }) {
  if (count > PRE_PICTURES.length) {
    throw new Error(`capture.json asks for ${count} pre-pictures; ${PRE_PICTURES.length} are drawn: ${PRE_PICTURES.join(", ")}`);
  }
  const shown = PRE_PICTURES.slice(0, count);
  if (shown.length === 0) return null;
  return (
    <section className="ff-card ff-prepics" aria-label={heading}>
      <h2 className="ff-card__heading">{heading}</h2>
      <ul className={`ff-prepics__grid ff-prepics__grid--${shown.length}`}>
        {shown.map((name) => {
          const Picture = PICTURES[name];
          const good = GOOD.has(name);
          return (
            <li key={name} className="ff-prepics__item" data-tip={name} data-good={good ? "true" : "false"}>
              <svg className="ff-prepics__svg" viewBox="0 0 64 64" aria-hidden="true" focusable="false">
                <rect className="ff-tip-bg" x="0" y="0" width="64" height="64" rx="12" />
                <Picture />
                <Badge good={good} />
              </svg>
              <span className="ff-prepics__label">{labels[name]}</span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
