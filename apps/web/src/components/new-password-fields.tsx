import { zodResolver } from "@hookform/resolvers/zod";
import { type FieldError, type UseFormRegisterReturn, useForm } from "react-hook-form";
import { useTranslation } from "../lib/i18n.ts";
import { newPasswordWithConfirmation } from "../lib/password-confirmation.ts";
import { TextField } from "./form-fields.tsx";

/**
 * A password being chosen and its confirmation (lib/password-confirmation.ts holds the
 * rules), for any form whose values include `new_password` and `confirm_password`. The
 * texts are `newPassword`, `passwordHint` and `confirmPassword` of the caller's namespace.
 */
export function NewPasswordFields({
  register,
  errors,
  namespace,
}: {
  /** The form's `register`; the form may hold more fields than these two. */
  register: (name: "new_password" | "confirm_password") => UseFormRegisterReturn;
  errors: { new_password?: FieldError; confirm_password?: FieldError };
  namespace: "password" | "resetPassword";
}) {
  const { t } = useTranslation(namespace);
  return (
    <>
      <TextField
        label={t("newPassword")}
        hint={t("passwordHint")}
        type="password"
        autoComplete="new-password"
        error={errors.new_password}
        {...register("new_password")}
      />
      <TextField
        label={t("confirmPassword")}
        type="password"
        autoComplete="new-password"
        error={errors.confirm_password}
        {...register("confirm_password")}
      />
    </>
  );
}

/** The form of a new password typed twice and nothing else (set and reset password). */
export function useNewPasswordForm() {
  return useForm({
    resolver: zodResolver(newPasswordWithConfirmation),
    defaultValues: { new_password: "", confirm_password: "" },
  });
}
