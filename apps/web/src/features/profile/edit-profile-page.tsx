import { emailSchema } from "@hcoins/domain/payloads";
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { FormProvider, type Resolver, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { useAlert } from "../../components/alert-provider.tsx";
import { SubmitActions } from "../../components/button.tsx";
import { TextField } from "../../components/form-fields.tsx";
import { PageFrame } from "../../components/page-frame.tsx";
import {
  ProfileFields,
  type ProfileFormValues,
  profileFieldsShape,
  profileSaveBody,
  profileValuesFromUser,
} from "../../components/profile-fields.tsx";
import { codeOf } from "../../lib/api-client.ts";
import { displayPhone } from "../../lib/phone-display.ts";
import { fieldErrors, serverErrorMessage } from "../../lib/server-message.ts";
import { loadUser, type UserInfo, useUser } from "../../lib/user.ts";
import { saveProfile } from "./save-profile.ts";

/** Email on edit: may stay empty (api-contract departure: no store-code rule), else the domain's email rule. */
const optionalEmail = z.string().superRefine((value, ctx) => {
  if (value.trim() === "") return;
  const parsed = emailSchema.safeParse(value);
  if (!parsed.success)
    ctx.addIssue({ code: "custom", message: parsed.error.issues[0]?.message ?? "emailFormat" });
});

const editProfileSchema = z.object({
  ...profileFieldsShape({ genderRequired: false }),
  email: optionalEmail,
});

type EditProfileValues = ProfileFormValues & { email: string };

const valuesOf = (user: UserInfo): EditProfileValues => ({
  ...profileValuesFromUser(user),
  email: user.email ?? "",
});

/** The address as the server stores it, to tell a real change from a change of case or spaces. */
const normalEmail = (email: string) => email.trim().toLowerCase();

/**
 * /renew (login required), titled "member info": the member edits the profile. The mobile
 * number is shown but cannot change; a stored birth month is locked; the email is sent only
 * when it changed.
 */
export function EditProfilePage() {
  const { t } = useTranslation(["profile", "common"]);
  const { data: user, isPending } = useUser();
  return (
    <PageFrame title={t("common:titles.memberInfo")}>
      {user ? (
        <EditProfileForm user={user} />
      ) : (
        <p className={isPending ? "muted" : undefined} role={isPending ? "status" : "alert"}>
          {t(isPending ? "common:loading" : "common:serverError")}
        </p>
      )}
    </PageFrame>
  );
}

function EditProfileForm({ user }: { user: UserInfo }) {
  const { t } = useTranslation(["profile", "common"]);
  const { alert } = useAlert();
  const [busy, setBusy] = useState(false);
  const form = useForm<EditProfileValues>({
    resolver: zodResolver(editProfileSchema) as unknown as Resolver<EditProfileValues>,
    defaultValues: valuesOf(user),
  });

  const submit = async (values: EditProfileValues) => {
    setBusy(true);
    const body: Record<string, unknown> = { ...profileSaveBody(values) };
    const email = normalEmail(values.email);
    // An emptied field keeps the stored address: the server has no "no email" once one is set.
    if (email !== "" && email !== normalEmail(user.email ?? "")) body.email = email;
    const result = await saveProfile(body);
    if (codeOf(result) !== 200) {
      for (const { field, rule } of fieldErrors(result)) {
        if (field in values) form.setError(field as keyof EditProfileValues, { message: rule });
      }
      await alert(serverErrorMessage(result));
      setBusy(false);
      return;
    }
    const fresh = (await loadUser()) ?? result.payload;
    form.reset(valuesOf(fresh));
    setBusy(false);
    await alert(t("profileChanged"));
  };

  const errors = form.formState.errors;
  return (
    <FormProvider {...form}>
      <form className="card" noValidate onSubmit={form.handleSubmit(submit)}>
        <TextField
          label={t("common:mobile")}
          value={displayPhone({ phonePre: user.mobile_phone_prefix, phone: user.mobile_phone })}
          disabled
          readOnly
        />
        <ProfileFields
          genderOptional
          birthMonthLocked={user.birthday_month != null}
          afterNames={
            <TextField
              label={t("email")}
              hint={t("common:profile.optional")}
              type="email"
              autoComplete="email"
              inputMode="email"
              error={errors.email}
              {...form.register("email")}
            />
          }
        />
        <SubmitActions loading={busy}>{t("save")}</SubmitActions>
      </form>
    </FormProvider>
  );
}
