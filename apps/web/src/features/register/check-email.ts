import { request } from "../../lib/api-client.ts";

/** POST /custom-api/api/Member/CheckEmail: `code` 200 free, 40010 taken. */
export const checkEmail = (email: string) =>
  request("POST", "custom", "/api/Member/CheckEmail", { body: { email } });
