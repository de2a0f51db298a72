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
}

export function Toast({ type = "none", msg, visible = true }: ToastProps) {
  if (!visible || msg === "") return null;
  // Errors interrupt (alert); success and plain notices wait their turn (status).
  return (
    <div className={`ff-toast ff-toast--${type}`} role={type === "error" ? "alert" : "status"}>
      {type !== "none" && <ToastIcon type={type} />}
      <span className="ff-toast__msg">{msg}</span>
    </div>
  );
}
