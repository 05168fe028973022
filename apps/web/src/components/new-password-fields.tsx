import type { FieldError, UseFormRegisterReturn } from "react-hook-form";
import { TextField } from "./form-fields.tsx";

/**
 * A password being chosen and its confirmation (lib/password-confirmation.ts holds the
 * rules), for any form whose values include `new_password` and `confirm_password`. The
 * texts come from the caller's namespace.
 */
export function NewPasswordFields({
  register,
  errors,
  texts,
}: {
  /** The form's `register`; the form may hold more fields than these two. */
  register: (name: "new_password" | "confirm_password") => UseFormRegisterReturn;
  errors: { new_password?: FieldError; confirm_password?: FieldError };
  texts: { newPassword: string; hint: string; confirmPassword: string };
}) {
  return (
    <>
      <TextField
        label={texts.newPassword}
        hint={texts.hint}
        type="password"
        autoComplete="new-password"
        error={errors.new_password}
        {...register("new_password")}
      />
      <TextField
        label={texts.confirmPassword}
        type="password"
        autoComplete="new-password"
        error={errors.confirm_password}
        {...register("confirm_password")}
      />
    </>
  );
}
