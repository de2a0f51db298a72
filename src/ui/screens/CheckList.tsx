/**
 * "What the check will ask of you" on a start page: one row per CheckItem of startPlan.ts,
 * with a small themed icon, a title and a line of detail. Action names come from the texts
 * (1 摇头, 2 眨眼, 3 张嘴, 4 点头), in the order the launch asks for them.
 */
import type { ReactNode } from "react";
import type { TextsOf } from "../FlowProvider";
import type { CheckItem } from "../../flow/startPlan";
import { fillText } from "./textTemplate";

type IconName = CheckItem["kind"];

const ICONS: Record<IconName, ReactNode> = {
  number: (
    <>
      <rect className="ff-icon-card" x="3" y="7" width="26" height="18" rx="4" />
      <path className="ff-icon-line" d="M9 13 l2 -1.5 v8 M15 13.5 a2 2 0 0 1 4 0 c0 2 -4 3.5 -4 6 h4 M22 12.5 h3.5 l-2 3 a2.3 2.3 0 1 1 -1.8 3.6" />
    </>
  ),
  action: (
    <>
      <circle className="ff-icon-card" cx="16" cy="16" r="8" />
      <path className="ff-icon-line" d="M4 12 a13 13 0 0 1 6 -6 M28 20 a13 13 0 0 1 -6 6 M7 5 l3 1 l-1 3 M25 27 l-3 -1 l1 -3" />
    </>
  ),
  silent: (
    <>
      <circle className="ff-icon-card" cx="16" cy="16" r="11" />
      <path className="ff-icon-line" d="M13 11 v10 M19 11 v10" />
    </>
  ),
  realtime: (
    <>
      <rect className="ff-icon-card" x="3" y="9" width="18" height="14" rx="3" />
      <path className="ff-icon-line" d="M21 14 l7 -4 v12 l-7 -4" />
      <circle className="ff-icon-dot" cx="9" cy="15" r="2" />
    </>
  ),
  will: (
    <>
      <path className="ff-icon-card" d="M5 7 h22 a2 2 0 0 1 2 2 v11 a2 2 0 0 1 -2 2 h-12 l-6 5 v-5 h-4 a2 2 0 0 1 -2 -2 v-11 a2 2 0 0 1 2 -2 Z" />
      <path className="ff-icon-line" d="M10 13 h12 M10 17 h8" />
    </>
  ),
  permission: (
    <>
      <rect className="ff-icon-card" x="3" y="10" width="17" height="13" rx="3" />
      <path className="ff-icon-line" d="M20 14 l5 -3 v11 l-5 -3" />
      <circle className="ff-icon-dot" cx="11.5" cy="16.5" r="2.5" />
    </>
  ),
};

function describe(item: CheckItem, texts: TextsOf<"actions" | "start">): { title: string; detail: string } {
  const t = texts.start;
  switch (item.kind) {
    case "number":
      return { title: t.numberTitle, detail: t.numberDetail };
    case "action":
      return {
        title: t.actionTitle,
        detail: item.actions.length
          ? fillText(t.actionDetail, { actions: item.actions.map((code) => texts.actions[code]).join(t.actionSeparator) })
          : t.actionRandomDetail,
      };
    case "silent":
      return { title: t.silentTitle, detail: t.silentDetail };
    case "realtime":
      return { title: t.realtimeTitle, detail: t.realtimeDetail };
    case "will":
      return { title: t.willStepTitle, detail: item.nod ? t.willNodDetail : t.willStepDetail };
    case "permission":
      return { title: t.permissionTitle, detail: item.microphone ? t.permissionCameraMic : t.permissionCamera };
  }
}

export function CheckList({ items, heading, texts }: { items: readonly CheckItem[]; heading: string; texts: TextsOf<"actions" | "start"> }) {
  return (
    <section className="ff-card ff-checks" aria-label={heading}>
      <h2 className="ff-card__heading">{heading}</h2>
      <ol className="ff-checks__list">
        {items.map((item) => {
          const { title, detail } = describe(item, texts);
          return (
            <li key={item.kind} className="ff-checks__item" data-check={item.kind}>
              <svg className="ff-checks__icon" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
                {ICONS[item.kind]}
              </svg>
              <div className="ff-checks__text">
                <span className="ff-checks__title">{title}</span>
                <span className="ff-checks__detail">{detail}</span>
              </div>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
