import { request } from "../../lib/api-client.ts";

/** POST /crm/auth/reset-password: the new password, authorised by the reset token. */
export function resetPassword(token: string, newPassword: string) {
  return request("POST", "crm", "/auth/reset-password", {
    body: { token, new_password: newPassword },
    asGuest: true,
  });
}
