/**
 * The simple agreement consent of spec §6 (auth_type 1, or 0 with auth_tick_switch 1): a
 * tick box with a link to the agreement, ticked by the user, never pre-ticked. The box is
 * named by its label and the agreement's title together (我已阅读并同意《用户协议授权书》).
 */
import { useId, type Ref } from "react";
import { useHydrated } from "../useHydrated";

interface ConsentTickProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  prefix: string;
  linkText: string;
  href: string;
  /** The box, so the page can take the user to it when the start needs it ticked. */
  boxRef?: Ref<HTMLInputElement> | undefined;
}

export function ConsentTick({ checked, onChange, prefix, linkText, href, boxRef }: ConsentTickProps) {
  const id = useId();
  // Server-rendered HTML cannot take the tick yet (../useHydrated.ts).
  const hydrated = useHydrated();
  return (
    <div className="ff-consent">
      <input
        ref={boxRef}
        id={id}
        className="ff-consent__box"
        type="checkbox"
        checked={checked}
        disabled={!hydrated}
        aria-labelledby={`${id}-label ${id}-link`}
        onChange={(e) => onChange(e.target.checked)}
      />
      <label id={`${id}-label`} htmlFor={id} className="ff-consent__label">
        {prefix}
      </label>
      <a id={`${id}-link`} className="ff-link" href={href}>
        {linkText}
      </a>
    </div>
  );
}
