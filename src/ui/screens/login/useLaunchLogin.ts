/**
 * Runs the launch login once per attempt and moves the flow on: to "/" when logged in, to
 * the error route when refused, or into an offline state whose retry starts a new attempt.
 */
import { useEffect, useRef, useState } from "react";
import { useApi } from "../../apiContext";
import { useRuntime } from "../../FlowProvider";
import { useTexts } from "../../useTexts";
import { withQuery } from "../../hashLocation";
import { fillText } from "../textTemplate";
import { canKeepCookies } from "../../sessionToken";
import { logInWithLaunch, type LoginOutcome } from "./launchLogin";

export type LaunchLoginState = { kind: "working" } | { kind: "offline"; retry: () => void };

export function useLaunchLogin(): LaunchLoginState {
  const rt = useRuntime();
  const api = useApi();
  const texts = useTexts();
  const [attempt, setAttempt] = useState(0);
  const [offline, setOffline] = useState(false);
  // The launch is single use. StrictMode runs effects twice on mount, and a second request
  // racing the first would be refused as LAUNCH_USED; so each attempt's request is started
  // once and kept here, and every run of the effect only listens to its outcome.
  const started = useRef<{ attempt: number; outcome: Promise<LoginOutcome> } | null>(null);

  useEffect(() => {
    if (started.current === null || started.current.attempt !== attempt) {
      started.current = {
        attempt,
        outcome: logInWithLaunch({
          api,
          search: rt.search,
          storage: rt.storage,
          canKeepCookies: () => canKeepCookies(rt.win.document, rt.win.navigator),
          unknownCodeMessage: (code) => fillText(texts.login.failed, { code }),
        }),
      };
    }
    let listening = true;
    void started.current.outcome.then((outcome) => {
      if (!listening) return;
      switch (outcome.kind) {
        case "loggedIn":
          rt.location.navigate("/", { replace: true });
          break;
        case "refused":
          rt.location.navigate(withQuery("/error", outcome.query), { replace: true });
          break;
        case "offline":
          setOffline(true);
          break;
      }
    });
    return () => {
      listening = false;
    };
  }, [attempt, api, rt, texts]);

  if (!offline) return { kind: "working" };
  return {
    kind: "offline",
    retry: () => {
      setOffline(false);
      setAttempt((n) => n + 1);
    },
  };
}
