/**
 * A polite live region, visible to screen readers only, saying what an announcer
 * (src/flow/announcer.ts) lets through of a changing view: the region is in the page from the
 * start and empty, and only its text changes, which is what screen readers announce. The
 * visible text stays where it is, and is not itself a live region.
 */
import { useEffect, useMemo, useState } from "react";
import { createAnnouncer, type Announcement, type AnnouncePolicy, type AnnouncerTimers } from "../../flow/announcer";
import { useRuntime } from "../FlowProvider";
import "../a11y.css";

/** The window's timers, so tests with fake timers control when announcements come. */
function windowTimers(win: Window, now: () => number): AnnouncerTimers {
  return {
    now,
    setTimeout: (run, ms) => win.setTimeout(run, ms),
    clearTimeout: (handle) => win.clearTimeout(handle as number),
  };
}

interface LiveAnnouncementProps {
  /** What the region says, e.g. "progress" (data-channel, for tests and the e2e checks). */
  channel: string;
  announcement: Announcement | null;
  policy: AnnouncePolicy;
}

export function LiveAnnouncement({ channel, announcement, policy }: LiveAnnouncementProps) {
  const rt = useRuntime();
  const [text, setText] = useState("");
  const announcer = useMemo(() => createAnnouncer(policy, windowTimers(rt.win, rt.now), setText), [rt, policy]);
  useEffect(() => () => announcer.dispose(), [announcer]);
  const offeredText = announcement?.text ?? null;
  const offeredKey = announcement?.key;
  useEffect(() => {
    announcer.offer(offeredText === null ? null : { text: offeredText, key: offeredKey });
  }, [announcer, offeredText, offeredKey]);
  return (
    <p className="ff-sr-only" role="status" aria-live="polite" aria-atomic="true" data-channel={channel}>
      {text}
    </p>
  );
}
