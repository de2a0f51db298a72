// @vitest-environment jsdom
/**
 * Screens loaded on demand (src/ui/lazyScreen.tsx, issue 14): a screen whose module was
 * preloaded renders in the first pass, with no loading fallback committed first; one that was
 * not suspends as React.lazy does; a mounted page keeps its state when the module arrives.
 */
import { act, cleanup, render } from "@testing-library/react";
import { Suspense, useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import type { RouteDef } from "../../schemas/routes";
import { lazyScreen } from "../../src/ui/lazyScreen";
import type { ScreenModule, ScreenProps } from "../../src/ui/screenContract";

afterEach(cleanup);

const PROPS: ScreenProps = { route: { path: "/x", name: "x", screen: "error", title: "t", flags: {} } as unknown as RouteDef, props: {}, next: () => "/", params: {}, query: {} };

function Counter() {
  const [n, setN] = useState(0);
  return (
    <button type="button" onClick={() => setN(n + 1)}>
      clicked {n}
    </button>
  );
}

/** A module the test releases by hand, counting how often it was asked for. */
function heldModule() {
  let release: (m: ScreenModule) => void = () => undefined;
  let asked = 0;
  const load = () => {
    asked += 1;
    return new Promise<ScreenModule>((resolve) => (release = resolve));
  };
  return { load, release: (m: ScreenModule) => release(m), asked: () => asked };
}

describe("lazyScreen", () => {
  it("renders a preloaded screen in the first pass, without committing the fallback", async () => {
    const held = heldModule();
    const Screen = lazyScreen(held.load);
    const preloaded = Screen.preload();
    held.release({ default: Counter });
    await preloaded;
    const fallbacks: string[] = [];
    function Fallback() {
      fallbacks.push("shown");
      return <p>loading</p>;
    }
    const view = render(
      <Suspense fallback={<Fallback />}>
        <Screen {...PROPS} />
      </Suspense>,
    );
    expect(view.getByRole("button").textContent).toBe("clicked 0");
    expect(fallbacks).toEqual([]);
    expect(held.asked()).toBe(1);
  });

  it("suspends like React.lazy when the module has not arrived, and loads it once", async () => {
    const held = heldModule();
    const Screen = lazyScreen(held.load);
    const view = render(
      <Suspense fallback={<p>loading</p>}>
        <Screen {...PROPS} />
      </Suspense>,
    );
    expect(view.getByText("loading")).toBeTruthy();
    await act(async () => held.release({ default: Counter }));
    expect(view.getByRole("button").textContent).toBe("clicked 0");
    await Screen.preload();
    expect(held.asked()).toBe(1);
  });

  it("keeps a page mounted through the lazy path when it renders again after the module arrived", async () => {
    const held = heldModule();
    const Screen = lazyScreen(held.load);
    const tree = (extra: string) => (
      <Suspense fallback={<p>loading</p>}>
        <Screen {...PROPS} query={{ extra }} />
      </Suspense>
    );
    const view = render(tree("a"));
    await act(async () => held.release({ default: Counter }));
    await act(async () => view.getByRole("button").click());
    expect(view.getByRole("button").textContent).toBe("clicked 1");
    view.rerender(tree("b"));
    expect(view.getByRole("button").textContent).toBe("clicked 1");
  });

  it("a failed load is tried again by the next page", async () => {
    let calls = 0;
    const Screen = lazyScreen(() => (++calls === 1 ? Promise.reject(new Error("chunk failed")) : Promise.resolve({ default: Counter })));
    await expect(Screen.preload()).rejects.toThrow("chunk failed");
    await Screen.preload();
    expect(calls).toBe(2);
    const view = render(<Screen {...PROPS} />);
    expect(view.getByRole("button").textContent).toBe("clicked 0");
  });
});

