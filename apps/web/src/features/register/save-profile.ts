import { request } from "../../lib/api-client.ts";
import type { UserInfo } from "../../lib/user.ts";
import type { registrationProfile } from "./registration-payload.ts";

/** POST /crm/user/profile with the new member's token. */
export const saveProfile = (profile: ReturnType<typeof registrationProfile>) =>
  request<UserInfo>("POST", "crm", "/user/profile", { body: profile });
