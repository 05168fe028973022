import { request } from "../../lib/api-client.ts";
import type { UserInfo } from "../../lib/user.ts";
import type { registrationPayload } from "./registration-payload.ts";

/** POST /crm/registration/register-with-mobile: the access token of the new member. */
export const registerWithMobile = (payload: ReturnType<typeof registrationPayload>) =>
  request<{ access_token?: string; user?: UserInfo }>("POST", "crm", "/registration/register-with-mobile", {
    body: payload,
  });
