import type { UserInfo } from "@hcoins/domain/api/profile";
import { MemberCheckCode } from "@hcoins/domain/codes";
import { registrationPayloadSchema } from "@hcoins/domain/payloads";
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { FormProvider, type Resolver, useForm, useFormContext } from "react-hook-form";
import { useNavigate, useSearchParams } from "react-router";
import { z } from "zod";
import { runCoinCheck } from "../../api/coin-check.ts";
import { errorMessage, showFieldErrors } from "../../api/error-message.ts";
import { useCheckPhone } from "../../api/member-checks.ts";
import { cachedUser, keepUser, userPhone, useSaveProfile, useUser } from "../../api/profile.ts";
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
import { Trans, useTranslation } from "../../lib/i18n.ts";
import { paths } from "../../lib/paths.ts";
import { EmailPromptDialog } from "./email-prompt-dialog.tsx";

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
 * to /updatepw; 40006 runs the coin check and ends on /update-user/success.
 */
export function Component() {
  const { t } = useTranslation(["profile", "common"]);
  const { data: user, isPending, error } = useUser();
  return (
    <PageFrame title={t("profile:titles.completeProfile")}>
      {user ? (
        <CompleteProfileForm user={user} />
      ) : (
        <p className={isPending ? "muted" : undefined} role={isPending ? "status" : "alert"}>
          {isPending ? t("common:loading") : errorMessage(error)}
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
  const [prompting, setPrompting] = useState(false);
  const [saved, setSaved] = useState<UserInfo>(user);
  const form = useForm<CompleteProfileValues>({
    resolver: zodResolver(completeProfileSchema) as unknown as Resolver<CompleteProfileValues>,
    // A share link's code (?ref=, carried from the terms step) when the member has none yet.
    defaultValues: {
      ...profileValuesFromUser(user),
      referral_code: user.referral_code ?? search.get("ref") ?? "",
      terms: false,
    },
  });

  const keep = (next: UserInfo) => {
    keepUser(next);
    setSaved(next);
  };
  const save = useSaveProfile({
    onSuccess: (next) => {
      keep(next);
      setPrompting(true);
    },
    onError: async (error) => {
      showFieldErrors(error, form);
      await alert(errorMessage(error));
    },
  });
  // The email prompt's own save: a failure (e.g. 40010) is the default alert, over the still-open prompt.
  const saveEmail = useSaveProfile({ onSuccess: keep });

  /** CheckPhone decides the next step: a password still to set, or the coin account to link. */
  const finish = useCheckPhone({
    onSuccess: async (check, { phone }) => {
      if (check.code === MemberCheckCode.appMemberIncomplete) {
        await navigate(withRedirect(paths.setPassword, search), { replace: true });
        return;
      }
      if (check.code === MemberCheckCode.registered) {
        const linked = await runCoinCheck({
          phone,
          externalCustomerId: (cachedUser() ?? saved).external_customer_id,
          alert: (message) => alert(message),
          createOnFailure: false,
        });
        if (linked) await navigate(withRedirect(paths.updateUserSuccess, search), { replace: true });
        return;
      }
      await alert(check.message || t("common:serverError"));
    },
  });
  // User info as saved last: the cache, kept by each save, else the screen's copy.
  const finishWith = () => finish.mutate({ phone: userPhone(cachedUser() ?? saved) });

  const submit = (values: CompleteProfileValues) => {
    // handleSubmit hands over the schema's output: a blank referral code arrives as undefined.
    const referral = (values.referral_code ?? "").trim();
    save.mutate({ ...profileSaveBody(values), referral_code: referral || null });
  };

  const confirmEmail = async (email: string) => {
    if (email !== (saved.email ?? "")) {
      // A failure has been alerted by now; the dialog stays open so the member can type another address.
      const next = await saveEmail.mutateAsync({ email }).catch(() => null);
      if (!next) return false;
    }
    setPrompting(false);
    finishWith();
    return true;
  };

  const cancelEmail = () => {
    setPrompting(false);
    finishWith();
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
        <SubmitActions loading={save.isPending || prompting || finish.isPending}>
          {t("common:submit")}
        </SubmitActions>
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
