import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach } from "vitest";

export interface DomTestsOptions {
  /** Runs after each test once the screen is gone, e.g. to switch the language back. */
  afterEach?: () => void | Promise<void>;
  /** How long Testing Library's `findBy`/`waitFor` wait; five seconds unless given. */
  asyncUtilTimeout?: number;
}

/**
 * What both apps' component tests share (each app's test-setup.ts calls it): jest-dom's
 * matchers, Testing Library's patience, and after each test the screen unmounted and the browser storage emptied, so that
 * no test sees the session, flow state or kept data of the one before.
 */
export function setUpDomTests({ afterEach: after, asyncUtilTimeout = 5_000 }: DomTestsOptions = {}) {
  // A screen's first draw waits for its lazily loaded page module and, in the member app, its
  // route loaders: on a busy two-core CI machine that takes longer than Testing Library's
  // one-second default (the member app's guard tests took 1.6-2.8 s there).
  configure({ asyncUtilTimeout });
  afterEach(async () => {
    cleanup();
    localStorage.clear();
    sessionStorage.clear();
    await after?.();
  });
}
