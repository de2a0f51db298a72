/** Shown while a screen's chunk loads or a redirect is under way. */
export function Loading({ text }: { text: string }) {
  return (
    <div className="ff-loading" role="status" aria-live="polite">
      <span className="ff-spinner" aria-hidden="true" />
      <span>{text}</span>
    </div>
  );
}
