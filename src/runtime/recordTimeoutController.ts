/**
 * The global record-timeout modal of spec §2, free of React: one per app, mounted once beside
 * the toast (src/ui/RecordTimeoutHost.tsx). A capture page whose camera gave no picture in time
 * opens it with its own texts and handlers (re-record resets that page's attempt, quit hands
 * the user back to the partner) and closes it when the stall is over or the page goes away.
 *
 * The modal belongs to the page that opened it: `open` returns a close function for that
 * opening only, so a page leaving after another one has opened the modal does not close the
 * other page's modal.
 *
 * @example
 *   const modal = createRecordTimeoutController();
 *   const close = modal.open({ title: "录制超时", …, onRight: machine.reset });
 *   close(); // the attempt was reset, or the page unmounted
 */

/** What the modal shows and does (spec §2: title, text, button texts, close option, highlights). */
export interface RecordTimeoutContent {
  title: string;
  text: string;
  leftText: string;
  rightText: string;
  /** Shows a close (×) button; its label for screen readers. */
  closable: boolean;
  closeLabel: string;
  /** Segments of `text` to highlight (the launch's high_light split on "|"). */
  highlights: readonly string[];
  onLeft(): void;
  onRight(): void;
  onClose(): void;
}

export interface RecordTimeoutController {
  /** Shows the modal with `content`, replacing what it showed; returns the close of this opening. */
  open(content: RecordTimeoutContent): () => void;
  /** What the modal shows now; null while it is closed. */
  state(): RecordTimeoutContent | null;
  /** Calls `listener` after every change; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
}

export function createRecordTimeoutController(): RecordTimeoutController {
  let current: RecordTimeoutContent | null = null;
  const listeners = new Set<() => void>();
  const publish = (next: RecordTimeoutContent | null) => {
    current = next;
    listeners.forEach((listener) => listener());
  };
  return {
    open(content) {
      publish(content);
      return () => {
        if (current === content) publish(null);
      };
    },
    state: () => current,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
