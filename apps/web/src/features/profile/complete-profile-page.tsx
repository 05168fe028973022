import { MemberCheckCode } from "@hcoins/domain/codes";
import { registrationPayloadSchema } from "@hcoins/domain/payloads";
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { FormProvider, type Resolver, useForm, useFormContext } from "react-hook-form";
import { Trans, useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import { z } from "zod";
import { useAlert } from "../../components/alert-provider.tsx";
import { SubmitActions } from "../../components/button.tsx";
import { CheckboxField, TextField } from "../../components/form-fields.tsx";
import { PageFrame } from "../../components/page-frame.tsx";
import {
  ProfileFields,
  type ProfileFormValues,
  profileFieldsShape,
  profileSaveBody,
  profileValuesFromUser,
  useValidateChoiceSoon,
} from "../../components/profile-fields.tsx";
import { codeOf } from "../../lib/api-client.ts";
import { currentLanguage } from "../../lib/i18n.ts";
import { runMemberStatusCheck } from "../../lib/member-status-check.ts";
import { paths } from "../../lib/paths.ts";
import { queryClient } from "../../lib/query-client.ts";
import { fieldErrors, serverErrorMessage } from "../../lib/server-message.ts";
import { USER_KEY, type UserInfo, useUser } from "../../lib/user.ts";
import { checkPhone } from "./check-phone.ts";
import { EmailPromptDialog } from "./email-prompt-dialog.tsx";
import { saveProfile } from "./save-profile.ts";

const completeProfileSchema = z.object({
  ...profileFieldsShape({ genderRequired: true }),
  referral_code: registrationPayloadSchema.shape.referral_code,
  terms: z.literal(true, { error: "termsRequired" }),
});

type CompleteProfileValues = ProfileFormValues & { referral_code?: string; terms: boolean };

// Keep the `redirect` of the flow (login → /updateuser) for the success page's first button.
function withRedirect(path: string, search: URLSearchParams) {
  const redirect = search.get("redirect");
  return redirect ? `${path}?${new URLSearchParams({ redirect })}` : path;
}

/**
 * /updateuser (login required): an existing app member (CheckPhone 40005) completes the
 * profile. Save → the email prompt → CheckPhone again: still 40005 (no password yet) goes
 * to /updatepw; 40006 runs the member-status check and ends on /update-user/success.
 */
export function CompleteProfilePage() {
  const { t } = useTranslation(["profile", "common"]);
  const { data: user, isPending } = useUser();
  return (
    <PageFrame title={t("common:titles.completeProfile")}>
      {user ? (
        <CompleteProfileForm user={user} />
      ) : (
        <p className={isPending ? "muted" : undefined} role={isPending ? "status" : "alert"}>
          {t(isPending ? "common:loading" : "common:serverError")}
        </p>
      )}
    </PageFrame>
  );
}

function TermsConsent() {
  const { t } = useTranslation(["profile", "common"]);
  const validateSoon = useValidateChoiceSoon<CompleteProfileValues>();
  const form = useFormContext<CompleteProfileValues>();
  return (
    <CheckboxField
      label={
        <Trans
          t={t}
          i18nKey="profile:terms"
          components={{
            privacy: (
              // biome-ignore lint/a11y/useAnchorContent: Trans puts the link text in
              <a href={paths.privacyPolicy} target="_blank" rel="noopener noreferrer" />
            ),
            newTab: <span className="visually-hidden" />,
          }}
        />
      }
      error={form.formState.errors.terms}
      {...form.register("terms", { onChange: () => validateSoon("terms") })}
    />
  );
}

function CompleteProfileForm({ user }: { user: UserInfo }) {
  const { t } = useTranslation(["profile", "common"]);
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const { alert } = useAlert();
  const [busy, setBusy] = useState(false);
  const [prompting, setPrompting] = useState(false);
  const [saved, setSaved] = useState<UserInfo>(user);
  const form = useForm<CompleteProfileValues>({
    resolver: zodResolver(completeProfileSchema) as unknown as Resolver<CompleteProfileValues>,
    defaultValues: { ...profileValuesFromUser(user), referral_code: user.referral_code ?? "", terms: false },
  });

  const submit = async (values: CompleteProfileValues) => {
    setBusy(true);
    // handleSubmit hands over the schema's output: a blank referral code arrives as undefined.
    const referral = (values.referral_code ?? "").trim();
    const result = await saveProfile({ ...profileSaveBody(values), referral_code: referral || null });
    if (codeOf(result) !== 200) {
      for (const { field, rule } of fieldErrors(result)) {
        if (field in values) form.setError(field as keyof CompleteProfileValues, { message: rule });
      }
      await alert(serverErrorMessage(result));
      setBusy(false);
      return;
    }
    queryClient.setQueryData(USER_KEY, result.payload);
    setSaved(result.payload);
    setPrompting(true);
  };

  const confirmEmail = async (email: string) => {
    if (email !== (saved.email ?? "")) {
      const result = await saveProfile({ email });
      if (codeOf(result) !== 200) {
        // The dialog stays open so the member can type another address.
        await alert(serverErrorMessage(result));
        return false;
      }
      queryClient.setQueryData(USER_KEY, result.payload);
      setSaved(result.payload);
    }
    setPrompting(false);
    await finish();
    return true;
  };

  const cancelEmail = async () => {
    setPrompting(false);
    await finish();
  };

  /** CheckPhone decides the next step: a password still to set, or the coin account to link. */
  const finish = async () => {
    const member = queryClient.getQueryData<UserInfo>(USER_KEY) ?? saved;
    const check = await checkPhone(member.mobile_phone_prefix, member.mobile_phone);
    const code = codeOf(check);
    if (code === MemberCheckCode.appMemberIncomplete) {
      await navigate(withRedirect(paths.setPassword, search), { replace: true });
      return;
    }
    if (code === MemberCheckCode.registered) {
      const linked = await runMemberStatusCheck({
        prefix: member.mobile_phone_prefix,
        phone: member.mobile_phone,
        externalCustomerId: member.external_customer_id,
        language: currentLanguage(),
        alert: (message) => alert(message),
        createOnFailure: false,
      });
      if (linked) {
        await navigate(withRedirect(paths.updateUserSuccess, search), { replace: true });
        return;
      }
      setBusy(false);
      return;
    }
    await alert(check.message || check.error_message || t("common:serverError"));
    setBusy(false);
  };

  const errors = form.formState.errors;
  return (
    <FormProvider {...form}>
      <p className="page-intro">{t("completeIntro")}</p>
      <form className="card" noValidate onSubmit={form.handleSubmit(submit)}>
        <ProfileFields
          birthMonthLocked={user.birthday_month != null}
          beforeContact={
            <TextField
              label={t("referralCode")}
              hint={t("common:profile.optional")}
              autoComplete="off"
              error={errors.referral_code}
              {...form.register("referral_code")}
            />
          }
        />
        <TermsConsent />
        <SubmitActions loading={busy}>{t("common:submit")}</SubmitActions>
      </form>
      <EmailPromptDialog
        show={prompting}
        initialEmail={saved.email ?? ""}
        onConfirm={confirmEmail}
        onCancel={cancelEmail}
      />
    </FormProvider>
  );
}
