// The floor of issue 14: React 19's hello world, one button. Everything faceflow's first
// screens send beyond this is measured as a ratio to it.
import { createRoot } from "react-dom/client";

createRoot(document.getElementById("root") as HTMLElement).render(
  <main>
    <h1>Hello, world</h1>
    <button type="button">Start</button>
  </main>,
);
