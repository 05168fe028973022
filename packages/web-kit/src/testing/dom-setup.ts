import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach } from "vitest";

export interface DomTestsOptions {
  /** Runs after each test once the screen is gone, e.g. to switch the language back. */
  afterEach?: () => void | Promise<void>;
  /** How long Testing Library's `findBy`/`waitFor` wait (its default is one second). */
  asyncUtilTimeout?: number;
}

/**
 * What both apps' component tests share (each app's test-setup.ts calls it): jest-dom's
 * matchers, and after each test the screen unmounted and the browser storage emptied, so that
 * no test sees the session, flow state or kept data of the one before.
 */
export function setUpDomTests({ afterEach: after, asyncUtilTimeout }: DomTestsOptions = {}) {
  if (asyncUtilTimeout !== undefined) configure({ asyncUtilTimeout });
  afterEach(async () => {
    cleanup();
    localStorage.clear();
    sessionStorage.clear();
    await after?.();
  });
}
