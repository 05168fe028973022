import { request } from "../../lib/api-client.ts";

/** POST /crm/user/change-password (member): the old password proves it is the member. */
export function changePassword(oldPassword: string, newPassword: string) {
  return request("POST", "crm", "/user/change-password", {
    body: { old_password: oldPassword, new_password: newPassword },
  });
}
