/**
 * The error-screen illustrations (the result and toast icons are in icons.tsx), drawn as inline SVG so they take
 * the theme's colours through CSS classes (components.css) and cost no image requests.
 * The set of illustrations is the ILLUSTRATIONS enum of schemas/errors.ts; the record below
 * must cover it exactly, so a new name in the catalogue fails to compile until it is drawn.
 */
import type { ReactNode } from "react";
import type { IllustrationName } from "../../../schemas/errors";

/** Shared backdrop: a soft disc and a ground shadow, so every picture sits the same way. */
function Frame({ children }: { children: ReactNode }) {
  return (
    <svg className="ff-illustration" viewBox="0 0 160 120" aria-hidden="true" focusable="false">
      <ellipse className="ff-ill-bg" cx="80" cy="60" rx="58" ry="50" />
      <ellipse className="ff-ill-shadow" cx="80" cy="106" rx="42" ry="4" />
      {children}
    </svg>
  );
}

function Warning() {
  return (
    <Frame>
      <path className="ff-ill-card" d="M80 24 L120 94 H40 Z" strokeLinejoin="round" />
      <rect className="ff-ill-danger" x="76.5" y="48" width="7" height="26" rx="3.5" />
      <circle className="ff-ill-danger" cx="80" cy="83" r="4" />
    </Frame>
  );
}

function Expired() {
  return (
    <Frame>
      <rect className="ff-ill-card" x="46" y="20" width="52" height="72" rx="6" />
      <path className="ff-ill-line" d="M56 36 H88 M56 48 H88 M56 60 H76" />
      <circle className="ff-ill-accent" cx="102" cy="80" r="20" />
      <path className="ff-ill-on-accent" d="M102 68 V81 L110 86" />
    </Frame>
  );
}

function Lock() {
  return (
    <Frame>
      <path className="ff-ill-accent-line" d="M64 54 V42 a16 16 0 0 1 32 0 V54" />
      <rect className="ff-ill-card" x="52" y="52" width="56" height="44" rx="8" />
      <circle className="ff-ill-accent" cx="80" cy="70" r="6" />
      <rect className="ff-ill-accent" x="77" y="72" width="6" height="13" rx="3" />
    </Frame>
  );
}

function Link() {
  return (
    <Frame>
      <rect className="ff-ill-card-thick" x="34" y="50" width="44" height="22" rx="11" transform="rotate(-30 56 61)" />
      <rect className="ff-ill-card-thick" x="82" y="48" width="44" height="22" rx="11" transform="rotate(-30 104 59)" />
      <path className="ff-ill-danger-line" d="M76 38 L72 28 M84 36 L88 26 M74 84 L70 94 M86 82 L90 92" />
    </Frame>
  );
}

function Camera() {
  return (
    <Frame>
      <path className="ff-ill-card" d="M50 44 H64 L70 34 H90 L96 44 H110 a6 6 0 0 1 6 6 V86 a6 6 0 0 1 -6 6 H50 a6 6 0 0 1 -6 -6 V50 a6 6 0 0 1 6 -6 Z" />
      <circle className="ff-ill-accent-line" cx="80" cy="67" r="15" />
      <circle className="ff-ill-accent" cx="80" cy="67" r="6" />
      <path className="ff-ill-danger-line" d="M46 32 L116 100" />
    </Frame>
  );
}

function Recording() {
  return (
    <Frame>
      <rect className="ff-ill-card" x="40" y="40" width="60" height="46" rx="8" />
      <path className="ff-ill-accent" d="M104 56 L122 44 V82 L104 70 Z" />
      <circle className="ff-ill-danger" cx="56" cy="54" r="5" />
      <path className="ff-ill-line" d="M54 74 H86" />
    </Frame>
  );
}

function Upload() {
  return (
    <Frame>
      <path className="ff-ill-card" d="M54 88 a18 18 0 0 1 -2 -36 a24 24 0 0 1 46 -6 a20 20 0 0 1 8 42 Z" />
      <path className="ff-ill-accent-line" d="M80 82 V56 M69 66 L80 55 L91 66" />
      <circle className="ff-ill-danger" cx="112" cy="86" r="9" />
      <path className="ff-ill-on-accent" d="M108 82 L116 90 M116 82 L108 90" />
    </Frame>
  );
}

function Network() {
  return (
    <Frame>
      <path className="ff-ill-faint-line" d="M44 54 a52 52 0 0 1 72 0" />
      <path className="ff-ill-faint-line" d="M54 66 a38 38 0 0 1 52 0" />
      <path className="ff-ill-accent-line" d="M65 78 a22 22 0 0 1 30 0" />
      <circle className="ff-ill-accent" cx="80" cy="90" r="6" />
    </Frame>
  );
}

function Browser() {
  return (
    <Frame>
      <rect className="ff-ill-card" x="36" y="28" width="88" height="64" rx="8" />
      <path className="ff-ill-border-line" d="M36 44 H124" />
      <circle className="ff-ill-danger" cx="46" cy="36" r="3" />
      <circle className="ff-ill-accent" cx="56" cy="36" r="3" />
      <circle className="ff-ill-success" cx="66" cy="36" r="3" />
      <path className="ff-ill-danger-line" d="M72 60 L88 76 M88 60 L72 76" />
    </Frame>
  );
}

function Settings() {
  const teeth = [0, 45, 90, 135, 180, 225, 270, 315];
  return (
    <Frame>
      {teeth.map((angle) => (
        <rect key={angle} className="ff-ill-accent" x="74" y="28" width="12" height="16" rx="3" transform={`rotate(${angle} 80 62)`} />
      ))}
      <circle className="ff-ill-accent" cx="80" cy="62" r="26" />
      <circle className="ff-ill-card" cx="80" cy="62" r="11" />
    </Frame>
  );
}

function Sound() {
  return (
    <Frame>
      <path className="ff-ill-card" d="M46 50 H60 L80 34 V90 L60 74 H46 a4 4 0 0 1 -4 -4 V54 a4 4 0 0 1 4 -4 Z" strokeLinejoin="round" />
      <path className="ff-ill-accent-line" d="M92 50 a16 16 0 0 1 0 24" />
      <path className="ff-ill-faint-line" d="M102 40 a30 30 0 0 1 0 44" />
      <path className="ff-ill-danger-line" d="M40 30 L116 96" />
    </Frame>
  );
}

function Timeout() {
  return (
    <Frame>
      <path className="ff-ill-border-line" d="M58 24 H102 M58 98 H102" />
      <path className="ff-ill-card" d="M62 26 H98 V36 L84 60 L98 84 V96 H62 V84 L76 60 L62 36 Z" strokeLinejoin="round" />
      <path className="ff-ill-accent" d="M68 36 H92 L80 54 Z" />
      <path className="ff-ill-accent" d="M80 74 L92 92 H68 Z" />
    </Frame>
  );
}

function Face() {
  return (
    <Frame>
      <path className="ff-ill-accent-line" d="M44 40 V30 a6 6 0 0 1 6 -6 H60 M100 24 H110 a6 6 0 0 1 6 6 V40 M116 80 V90 a6 6 0 0 1 -6 6 H100 M60 96 H50 a6 6 0 0 1 -6 -6 V80" />
      <ellipse className="ff-ill-card" cx="80" cy="60" rx="22" ry="27" />
      <circle className="ff-ill-text" cx="72" cy="56" r="2.5" />
      <circle className="ff-ill-text" cx="88" cy="56" r="2.5" />
      <path className="ff-ill-line" d="M72 72 H88" />
    </Frame>
  );
}

const ILLUSTRATION_COMPONENTS = {
  warning: Warning,
  expired: Expired,
  lock: Lock,
  link: Link,
  camera: Camera,
  recording: Recording,
  upload: Upload,
  network: Network,
  browser: Browser,
  settings: Settings,
  sound: Sound,
  timeout: Timeout,
  face: Face,
} satisfies Record<IllustrationName, () => ReactNode>;

/** The named error-screen illustration. */
export function Illustration({ name }: { name: IllustrationName }) {
  const Picture = ILLUSTRATION_COMPONENTS[name];
  return <Picture />;
}
