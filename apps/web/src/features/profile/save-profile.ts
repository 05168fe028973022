import type { ApiResult } from "../../lib/api-client.ts";
import { request } from "../../lib/api-client.ts";
import type { UserInfo } from "../../lib/user.ts";

/** POST /crm/user/profile (member): only the fields sent change; answers the new user info. */
export function saveProfile(body: Record<string, unknown>): Promise<ApiResult<UserInfo>> {
  return request<UserInfo>("POST", "crm", "/user/profile", { body });
}
