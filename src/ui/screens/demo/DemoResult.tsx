/**
 * The demo partner's return page: the result faceflow handed back in this page's query
 * (spec §3 return payload), checked by the demo backend the way a partner's server checks
 * it (`verifyReturn` of the partner kit), with the order's state next to it.
 */
import { useEffect, useState } from "react";
import { RETURN_PAYLOAD_KEYS, type DemoVerifyResponse, type OrderState, type ReturnPayload } from "../../../../schemas/api";
import { ButtonRow, type ViewButton } from "../../components/ButtonRow";
import { ResultIcon } from "../../components/icons";
import { useApi } from "../../apiContext";
import { type TextsOf } from "../../FlowProvider";
import { textSections } from "../../texts";
import { useTexts } from "../../useTexts";
import { fillText } from "../textTemplate";

/** The text sections this screen and the parts it renders show. */
export const RESULT_TEXTS = textSections("demo");

type Verification = { kind: "verifying" } | { kind: "verified"; answer: DemoVerifyResponse } | { kind: "unavailable" };

/** The payload keys this page shows; `satisfies` keeps it in step with the contract. */
function fieldLabels(texts: TextsOf<"demo">): Record<keyof ReturnPayload, string> {
  const t = texts.demo;
  return {
    orderNo: t.fieldOrderNo,
    code: t.fieldCode,
    signature: t.fieldSignature,
    newSignature: t.fieldNewSignature,
    liveRate: t.fieldLiveRate,
    h5faceId: t.fieldH5faceId,
    willCode: t.fieldWillCode,
    faceCode: t.fieldFaceCode,
    similarity: t.fieldSimilarity,
    checks: t.fieldChecks,
  } satisfies Record<keyof ReturnPayload, string>;
}

function stateLabel(texts: TextsOf<"demo">, state: OrderState): string {
  const t = texts.demo;
  const labels = { created: t.stateCreated, in_progress: t.stateInProgress, passed: t.statePassed, failed: t.stateFailed } as const satisfies Record<OrderState, string>;
  return labels[state];
}

const SIGNATURE_FIELDS: ReadonlySet<string> = new Set(["signature", "newSignature"]);

interface DemoResultProps {
  /** This page's query string without "?", exactly as received. */
  query: string;
  /** The same query, parsed. */
  received: Readonly<Record<string, string>>;
  onAgain: () => void;
}

export function DemoResult({ query, received, onAgain }: DemoResultProps) {
  const api = useApi();
  const texts = useTexts(RESULT_TEXTS);
  const t = texts.demo;
  const [verification, setVerification] = useState<Verification>({ kind: "verifying" });
  const [round, setRound] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setVerification({ kind: "verifying" });
    api.demoVerify(query, controller.signal).then(
      (answer) => setVerification({ kind: "verified", answer }),
      () => {
        if (!controller.signal.aborted) setVerification({ kind: "unavailable" });
      },
    );
    return () => controller.abort();
  }, [api, query, round]);

  const labels = fieldLabels(texts);
  // The service's parse of the payload when it has one; otherwise what arrived, so a
  // broken return is still shown as it came.
  const payload: Partial<Record<keyof ReturnPayload, string>> =
    verification.kind === "verified" && verification.answer.payload !== null ? verification.answer.payload : received;
  const rows = RETURN_PAYLOAD_KEYS.flatMap((key) => {
    const value = payload[key];
    return value === undefined || value === "" ? [] : [{ key, label: labels[key], value }];
  });
  const code = payload.code;
  const passed = code === "0";
  const buttons: ViewButton[] = [{ label: t.again, onClick: onAgain }];
  if (verification.kind === "unavailable") buttons.push({ label: t.verifyRetry, onClick: () => setRound((n) => n + 1) });

  return (
    <section className="ff-demo-card ff-demo-result" aria-label={t.resultHeading}>
      <div className={`ff-demo-verdict ff-demo-verdict--${passed ? "passed" : "failed"}`}>
        <ResultIcon outcome={passed ? "success" : "fail"} />
        <p className="ff-demo-verdict__title">{code === undefined ? t.unreadable : passed ? t.passed : t.failed}</p>
        {code !== undefined && !passed && <p className="ff-demo-verdict__code">{fillText(t.failedCode, { code })}</p>}
      </div>

      {verification.kind === "verifying" && (
        <p className="ff-demo-signature ff-demo-signature--pending" role="status">
          <span className="ff-spinner" aria-hidden="true" />
          {t.verifying}
        </p>
      )}
      {verification.kind === "unavailable" && (
        <p className="ff-demo-signature ff-demo-signature--invalid" role="alert">
          {t.verifyFailed}
        </p>
      )}
      {verification.kind === "verified" && (
        <div
          className={`ff-demo-signature ff-demo-signature--${verification.answer.valid ? "valid" : "invalid"}`}
          role="status"
          data-valid={verification.answer.valid}
        >
          <strong className="ff-demo-signature__title">{verification.answer.valid ? t.signatureValid : t.signatureInvalid}</strong>
          <span className="ff-demo-signature__detail">{verification.answer.valid ? t.signatureValidDetail : t.signatureInvalidDetail}</span>
        </div>
      )}

      {rows.length > 0 && (
        <>
          <h3 className="ff-demo-subheading">{t.detailsHeading}</h3>
          <dl className="ff-demo-list">
            {rows.map((row) => (
              <div key={row.key} className="ff-demo-list__row">
                <dt>{row.label}</dt>
                <dd className={SIGNATURE_FIELDS.has(row.key) ? "ff-demo-mono" : undefined}>{row.key === "checks" ? <CheckNames value={row.value} /> : row.value}</dd>
              </div>
            ))}
          </dl>
        </>
      )}

      {verification.kind === "verified" && verification.answer.order !== null && (
        <>
          <h3 className="ff-demo-subheading">{t.orderHeading}</h3>
          <dl className="ff-demo-list">
            <div className="ff-demo-list__row">
              <dt>{t.orderState}</dt>
              <dd>{stateLabel(texts, verification.answer.order.state)}</dd>
            </div>
            <div className="ff-demo-list__row">
              <dt>{t.orderAttempts}</dt>
              <dd>{fillText(t.orderAttemptsValue, { count: String(verification.answer.order.attempts) })}</dd>
            </div>
          </dl>
        </>
      )}

      <ButtonRow buttons={buttons} />
    </section>
  );
}

/**
 * The payload's checks ("face,frameRate,steady"), one unbreakable name each with a break after
 * its comma: left as one string in a narrow column it broke inside names (fa|ce, frameR|ate).
 */
function CheckNames({ value }: { value: string }) {
  const names = value.split(",");
  return (
    <>
      {names.map((name, i) => (
        <span key={`${i}-${name}`} className="ff-demo-check">
          {name}
          {i < names.length - 1 ? "," : ""}
        </span>
      ))}
    </>
  );
}
