import { loadLazyTexts } from "../lib/i18n.ts";

let loading: Promise<typeof import("./member-menu.tsx")> | undefined;

/**
 * The member menu's code and texts, loaded once, only where there is a session: the landing
 * screens, visited logged out, never download it (first-load budget). The guard starts it with
 * a member's first screen, so that the menu draws with the page instead of after it.
 */
export function loadMemberMenu() {
  loading ??= Promise.all([import("./member-menu.tsx"), loadLazyTexts()]).then(([module]) => module);
  // A failed load (a dropped connection) may be tried again by the next screen.
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}
