import { request } from "../../lib/api-client.ts";

/** POST /crm/user/set-password (member): the first password of an imported app member. */
export function setPassword(newPassword: string) {
  return request("POST", "crm", "/user/set-password", { body: { new_password: newPassword } });
}
