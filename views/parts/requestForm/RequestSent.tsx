/** What happens next, once a request is received: on the confirmation page and in place of a form sent with script. */
import { KIND_TEXTS, type RequestKind } from "../../../shared/requests/requestKinds";

export function RequestSent({
  kind,
  sentRef,
  headingLevel = 2,
}: {
  kind: RequestKind;
  sentRef?: (node: HTMLElement | null) => void;
  headingLevel?: 1 | 2 | 3;
}) {
  const texts = KIND_TEXTS[kind];
  const Heading = `h${headingLevel}` as const;
  const Next = `h${(headingLevel + 1) as 2 | 3 | 4}` as const;
  return (
    <div className="request-sent" role={headingLevel === 1 ? undefined : "status"} tabIndex={-1} ref={sentRef}>
      <Heading className="request-sent__title">{texts.sentTitle}</Heading>
      <Next className="request-sent__next">What happens next</Next>
      {texts.next.map((line) => (
        <p key={line}>{line}</p>
      ))}
    </div>
  );
}
