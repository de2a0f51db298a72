/**
 * The result page's mark and the toast's icon, as inline SVG coloured by components.css. Apart
 * from the illustrations so a page that shows only an icon (the toast, the demo's result)
 * does not carry every picture.
 */
/** The big success / fail mark of the result page. */
export function ResultIcon({ outcome }: { outcome: "success" | "fail" }) {
  return (
    <svg className={`ff-result-icon ff-result-icon--${outcome}`} viewBox="0 0 72 72" aria-hidden="true" focusable="false">
      <circle className="ff-result-icon__disc" cx="36" cy="36" r="34" />
      {outcome === "success" ? (
        <path className="ff-result-icon__mark" d="M22 37 L32 47 L51 27" />
      ) : (
        <path className="ff-result-icon__mark" d="M25 25 L47 47 M47 25 L25 47" />
      )}
    </svg>
  );
}

/** The small icon of a toast; a toast of type none has none. */
export function ToastIcon({ type }: { type: "success" | "error" }) {
  return (
    <svg className="ff-toast__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      {type === "success" ? <path d="M5 12.5 L10 17.5 L19 7.5" /> : <path d="M7 7 L17 17 M17 7 L7 17" />}
    </svg>
  );
}
