/**
 * Runs the launch login once per attempt and moves the flow on: to "/" when logged in, to
 * the error route when refused, or into an offline state whose retry starts a new attempt.
 */
import { useEffect, useRef, useState } from "react";
import { useApi } from "../../apiContext";
import { useRuntime } from "../../FlowProvider";
import { useTexts } from "../../useTexts";
import { textSections } from "../../texts";
import type { LoginOutcome } from "./launchLogin";
import { launchLogin, launchLoginOnce, outcomeTarget, type LoginNext } from "./launchLoginOnce";

type LaunchLoginState = { kind: "working" } | { kind: "offline"; retry: () => void };

/** The sections the login reads (its refusal message); the login page loads them. */
export const LOGIN_TEXTS = textSections("login");

export function useLaunchLogin(next: LoginNext): LaunchLoginState {
  const rt = useRuntime();
  const api = useApi();
  const texts = useTexts(LOGIN_TEXTS);
  const [attempt, setAttempt] = useState(0);
  const [offline, setOffline] = useState(false);
  // The launch is single use. StrictMode runs effects twice on mount, and a second request
  // racing the first would be refused as LAUNCH_USED; so each attempt's request is started
  // once and kept here, and every run of the effect only listens to its outcome. The first
  // attempt may already have been started by the composition root (launchLoginOnce.ts).
  const started = useRef<{ attempt: number; outcome: Promise<LoginOutcome> } | null>(null);

  useEffect(() => {
    if (started.current === null || started.current.attempt !== attempt) {
      started.current = { attempt, outcome: attempt === 0 ? launchLoginOnce(rt, texts, api) : launchLogin(rt, texts, api) };
    }
    let listening = true;
    void started.current.outcome.then((outcome) => {
      if (!listening) return;
      const target = outcomeTarget(outcome, next);
      if (target === null) setOffline(true);
      else rt.location.navigate(target, { replace: true });
    });
    return () => {
      listening = false;
    };
  }, [attempt, api, rt, texts, next]);

  if (!offline) return { kind: "working" };
  return {
    kind: "offline",
    retry: () => {
      setOffline(false);
      setAttempt((n) => n + 1);
    },
  };
}
