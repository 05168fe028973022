import { type NavigateOptions, useNavigate } from "react-router";
import { isInternal, leaveTarget } from "../lib/redirect-target.ts";
import { session } from "../lib/session.ts";

/** Leaving the app's flows for the redirect target or the shop (lib/redirect-target.ts decides which). */
export function useLeave() {
  const navigate = useNavigate();
  return async (redirect: string | null, options?: NavigateOptions) => {
    const target = leaveTarget(redirect, session.getToken());
    if (isInternal(target)) await navigate(target, options);
    else window.location.assign(target);
  };
}
