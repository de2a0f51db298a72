/**
 * One toast (spec §2 "Toast"): an optional success / error icon and the message, as text.
 * When it shows and hides is src/runtime/toastController.ts's job; the host passes its state in.
 */
import type { ToastType } from "../../runtime/toastController";
import { ToastIcon } from "./icons";

export interface ToastProps {
  type?: ToastType | undefined;
  msg: string;
  /** False renders nothing, so a host can spread the controller's ToastState straight in. */
  visible?: boolean | undefined;
  /** False: the host's own live region says it (ToastHost), so this one is not a live region too. */
  live?: boolean | undefined;
}

export function Toast({ type = "none", msg, visible = true, live = true }: ToastProps) {
  if (!visible || msg === "") return null;
  // Errors interrupt (alert); success and plain notices wait their turn (status).
  const role = live ? (type === "error" ? "alert" : "status") : undefined;
  return (
    <div className={`ff-toast ff-toast--${type}`} role={role}>
      {type !== "none" && <ToastIcon type={type} />}
      <span className="ff-toast__msg">{msg}</span>
    </div>
  );
}
