/**
 * The simple agreement consent of spec §6 (auth_type 1, or 0 with auth_tick_switch 1): a
 * tick box with a link to the agreement, ticked by the user, never pre-ticked.
 */
import { useId } from "react";

interface ConsentTickProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  prefix: string;
  linkText: string;
  href: string;
}

export function ConsentTick({ checked, onChange, prefix, linkText, href }: ConsentTickProps) {
  const id = useId();
  return (
    <div className="ff-consent">
      <input id={id} className="ff-consent__box" type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      <label htmlFor={id} className="ff-consent__label">
        {prefix}
      </label>
      <a className="ff-link" href={href}>
        {linkText}
      </a>
    </div>
  );
}
