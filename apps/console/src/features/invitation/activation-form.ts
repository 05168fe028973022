import { newPasswordSchema } from "@hcoins/domain/password";
import { smsCodeSchema } from "@hcoins/domain/sms-code";
import { z } from "zod";

/** The first sign-in's form: a new password by the members' rules, typed twice, and the authenticator's code. */
export const activationForm = z
  .object({
    password: newPasswordSchema,
    confirm_password: z.string(),
    totp_code: smsCodeSchema,
  })
  .superRefine((value, ctx) => {
    const rule =
      value.confirm_password === ""
        ? "confirmPasswordNull"
        : value.confirm_password === value.password
          ? null
          : "confirmPasswordFormat";
    if (rule) ctx.addIssue({ code: "custom", message: rule, path: ["confirm_password"] });
  });

/** The secret an otpauth URI holds, for an authenticator set up by typing it. */
export function otpauthSecret(uri: string): string | null {
  try {
    return new URL(uri).searchParams.get("secret");
  } catch {
    return null;
  }
}

/** The secret in groups of four, easier to type without losing one's place. */
export const groupedSecret = (secret: string) => secret.replace(/(.{4})(?=.)/g, "$1 ");
