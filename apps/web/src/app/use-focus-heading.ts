import { type RefObject, useEffect, useRef } from "react";
import { useLocation } from "react-router";

/** How long a new screen may take to draw its heading (data, a slow chunk) before we stop waiting. */
const HEADING_WAIT_MS = 10_000;

/**
 * After every navigation (a new path; not the first load, where the browser starts at the top
 * of the page, nor a new query on the same screen, which moves focus itself where needed), focus
 * moves to the new screen's level-1 heading, so that keyboard and screen-reader users start
 * there instead of on the page body (or on the link they followed). A screen that draws its
 * heading late (after its data) gets focus when the heading appears. Focus the new screen moved
 * itself (a code field it opens on) is left alone.
 */
export function useFocusHeading(container: RefObject<HTMLElement | null>) {
  const { pathname } = useLocation();
  const firstPath = useRef(pathname);
  // Where focus was when the new path rendered, before the new screen's effects ran: an element
  // React kept across the two screens (same place, same type) still has it, and is no choice of
  // the new screen's. Read during render on purpose: the screens' own effects run before ours.
  const renderedPath = useRef(pathname);
  const focusBefore = useRef<Element | null>(null);
  if (renderedPath.current !== pathname) {
    renderedPath.current = pathname;
    focusBefore.current = document.activeElement;
  }

  useEffect(() => {
    if (pathname === firstPath.current) return;
    // Once the member has left the first screen, coming back to it is a navigation like any other.
    firstPath.current = "";
    const main = container.current;
    if (!main) return;
    const focusHeading = () => {
      const heading = main.querySelector<HTMLHeadingElement>("h1");
      if (!heading) return false;
      const active = document.activeElement;
      if (active && active !== document.body && active !== focusBefore.current && main.contains(active))
        return true;
      // Focusable by script only: a heading is not a stop of the Tab order.
      heading.tabIndex = -1;
      heading.focus({ preventScroll: true });
      return true;
    };
    if (focusHeading()) return;
    const observer = new MutationObserver(() => {
      if (focusHeading()) observer.disconnect();
    });
    observer.observe(main, { childList: true, subtree: true });
    const stop = setTimeout(() => observer.disconnect(), HEADING_WAIT_MS);
    return () => {
      observer.disconnect();
      clearTimeout(stop);
    };
  }, [pathname, container]);
}
