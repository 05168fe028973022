import { PageFrame } from "./page-frame.tsx";

/**
 * The screen that ends a flow: a tick, a heading, an optional message and the ways on
 * (buttons or links, given as children).
 */
export function SuccessScreen({
  title,
  heading,
  message,
  role,
  children,
}: {
  title: React.ReactNode;
  heading: React.ReactNode;
  message?: React.ReactNode;
  /** `status` where the result should be announced as it appears. */
  role?: React.AriaRole;
  children: React.ReactNode;
}) {
  return (
    <PageFrame title={title}>
      <div className="notice" role={role}>
        <svg className="notice-icon" viewBox="0 0 48 48" aria-hidden="true">
          <circle cx="24" cy="24" r="22" fill="none" stroke="currentColor" strokeWidth="3" />
          <path
            d="M14 25l7 7 13-15"
            fill="none"
            stroke="currentColor"
            strokeWidth="3"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
        <h2>{heading}</h2>
        {message && <p>{message}</p>}
      </div>
      <div className="actions">{children}</div>
    </PageFrame>
  );
}
