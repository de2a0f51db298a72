/**
 * The page's last line of defence: a screen whose code did not arrive (a dropped network on a
 * slow phone) or that failed to render would otherwise unmount the whole app and leave a blank
 * page. This boundary shows a message and a reload button instead, from texts already in the
 * first screen's chunk (the error catalogue's own screen is a chunk that may not arrive
 * either), and records what happened. A reload keeps the launch: its login is stored.
 */
import { Component, type ReactNode } from "react";

interface LoadFailedTexts {
  message: string;
  reload: string;
}

interface Props {
  texts: LoadFailedTexts;
  /** Records the failure (the flow's statistics). */
  onError: (error: unknown) => void;
  /** Reloads the page. */
  reload: () => void;
  children: ReactNode;
}

export class LoadFailed extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    this.props.onError(error);
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    const { texts, reload } = this.props;
    return (
      <div className="ff-loading" role="alert">
        <span>{texts.message}</span>
        <button type="button" className="ff-btn ff-btn--primary" onClick={reload}>
          {texts.reload}
        </button>
      </div>
    );
  }
}
