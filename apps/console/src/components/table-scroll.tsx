import type { ReactNode } from "react";

/**
 * A table that may be wider than a tablet's screen: it scrolls sideways in its own box, which
 * takes the keyboard's focus so that the arrows scroll it too (axe: scrollable-region-focusable).
 */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
    <section className="table-wrap" tabIndex={0} aria-label={label}>
      {children}
    </section>
  );
}
