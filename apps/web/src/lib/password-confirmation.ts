import { whenFieldsValid } from "@hcoins/domain/form-fields";
import { newPasswordSchema } from "@hcoins/domain/password";
import { z } from "zod";

export type ConfirmationRule = "confirmPasswordNull" | "confirmPasswordFormat";

/** product-spec.md section 5: the confirmation is required and must equal the password. */
export function confirmationRule(password: string, confirmation: string): ConfirmationRule | null {
  if (confirmation === "") return "confirmPasswordNull";
  return confirmation === password ? null : "confirmPasswordFormat";
}

/** A password being chosen (the domain's format rule and blocklist) and its confirmation. */
export const newPasswordFields = {
  new_password: newPasswordSchema,
  confirm_password: z.string().min(1, "confirmPasswordNull"),
};

/**
 * Adds the comparison to a form schema with `new_password` and `confirm_password`. It
 * runs even when the new password fails its own rule, so both lines show at once.
 */
export function withConfirmation<S extends z.ZodType<{ new_password: string; confirm_password: string }>>(
  schema: S,
): S {
  return schema.superRefine(
    (value, ctx) => {
      const rule = confirmationRule(value.new_password, value.confirm_password);
      if (rule) ctx.addIssue({ code: "custom", message: rule, path: ["confirm_password"] });
    },
    { when: whenFieldsValid("confirm_password") },
  );
}

/** New password typed twice (reset and set password). */
export const newPasswordWithConfirmation = withConfirmation(z.object(newPasswordFields));
export type NewPasswordWithConfirmation = z.infer<typeof newPasswordWithConfirmation>;
