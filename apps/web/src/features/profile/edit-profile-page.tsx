import type { UserInfo } from "@hcoins/domain/api/profile";
import { emailSchema } from "@hcoins/domain/payloads";
import { zodResolver } from "@hookform/resolvers/zod";
import { FormProvider, type Resolver, useForm } from "react-hook-form";
import { z } from "zod";
import { errorMessage, showFieldErrors } from "../../api/error-message.ts";
import { loadUser, type ProfileChanges, userPhone, useSaveProfile, useUser } from "../../api/profile.ts";
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
import { useTranslation } from "../../lib/i18n.ts";
import { displayPhone } from "../../lib/phone-display.ts";

/**
 * Email on edit (api-contract departure: no store-code rule): a member without one may leave it
 * empty; one who has an address may change it but not remove it (emailKeep, the server's rule
 * too: the address is part of a complete profile, see payloads.ts); else the domain's email rule.
 */
const editEmail = (stored: string | null) =>
  z.string().superRefine((value, ctx) => {
    if (value.trim() === "") {
      if (stored) ctx.addIssue({ code: "custom", message: "emailKeep" });
      return;
    }
    const parsed = emailSchema.safeParse(value);
    if (!parsed.success)
      ctx.addIssue({ code: "custom", message: parsed.error.issues[0]?.message ?? "emailFormat" });
  });

const editProfileSchema = (user: UserInfo) =>
  z.object({
    ...profileFieldsShape({ genderRequired: false }),
    email: editEmail(user.email),
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
export function Component() {
  const { t } = useTranslation(["profile", "common"]);
  const { data: user, isPending, error } = useUser();
  return (
    <PageFrame title={t("profile:titles.memberInfo")}>
      {user ? (
        <EditProfileForm user={user} />
      ) : (
        <p className={isPending ? "muted" : undefined} role={isPending ? "status" : "alert"}>
          {isPending ? t("common:loading") : errorMessage(error)}
        </p>
      )}
    </PageFrame>
  );
}

function EditProfileForm({ user }: { user: UserInfo }) {
  const { t } = useTranslation(["profile", "common"]);
  const { alert } = useAlert();
  const form = useForm<EditProfileValues>({
    resolver: zodResolver(editProfileSchema(user)) as unknown as Resolver<EditProfileValues>,
    defaultValues: valuesOf(user),
  });
  const save = useSaveProfile({
    onSuccess: async (saved) => {
      const fresh = (await loadUser()) ?? saved;
      form.reset(valuesOf(fresh));
      // Not awaited: the save is over while its confirmation shows.
      void alert(t("profileChanged"));
    },
    onError: async (error) => {
      showFieldErrors(error, form);
      await alert(errorMessage(error));
    },
  });

  const submit = (values: EditProfileValues) => {
    const changes: ProfileChanges = { ...profileSaveBody(values) };
    const email = normalEmail(values.email);
    // Left empty by a member who never had one: nothing to send (the form refuses emptying one).
    if (email !== "" && email !== normalEmail(user.email ?? "")) changes.email = email;
    save.mutate(changes);
  };

  const errors = form.formState.errors;
  return (
    <FormProvider {...form}>
      <form className="card" noValidate onSubmit={form.handleSubmit(submit)}>
        <TextField label={t("common:mobile")} value={displayPhone(userPhone(user))} disabled readOnly />
        <ProfileFields
          genderOptional
          birthMonthLocked={user.birthday_month != null}
          afterNames={
            <TextField
              label={t("email")}
              // Optional only while there is none: a stored address may change but not go (emailKeep).
              hint={user.email ? undefined : t("common:profile.optional")}
              type="email"
              autoComplete="email"
              inputMode="email"
              error={errors.email}
              {...form.register("email")}
            />
          }
        />
        <SubmitActions loading={save.isPending}>{t("save")}</SubmitActions>
      </form>
    </FormProvider>
  );
}
