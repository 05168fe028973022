import { FormProvider, useForm, useFormContext } from "react-hook-form";
import { Navigate, useSearchParams } from "react-router";
import { SubmitActions } from "../../components/button.tsx";
import { CheckboxField, TextField } from "../../components/form-fields.tsx";
import { PageFrame } from "../../components/page-frame.tsx";
import {
  emptyProfileValues,
  ProfileFields,
  useValidateChoiceSoon,
} from "../../components/profile-fields.tsx";
import { Trans, useTranslation } from "../../lib/i18n.ts";
import { paths } from "../../lib/paths.ts";
import { displayPhone } from "../../lib/phone-display.ts";
import { type Phone, session } from "../../lib/session.ts";
import { domainResolver } from "./form-resolver.ts";
import {
  type RegisterFormOutput,
  type RegisterFormValues,
  registerFormSchema,
} from "./register-form-schema.ts";
import { registration } from "./registration-payload.ts";
import { useCompleteRegistration } from "./use-complete-registration.ts";

// Screen order: the form's own controls register before the shared ones, so RHF's own
// focus-the-first-error would jump to the email; this keeps the focus where the eye starts.
const FIELD_ORDER: readonly (keyof RegisterFormValues)[] = [
  "title",
  "name",
  "first_name",
  "last_name",
  "email",
  "password",
  "confirm_password",
  "gender",
  "birthday_month",
  "age_range__c",
  "residential_country_region__c",
  "residential_district__c",
  "referral_code",
  "terms",
];

const hasVerifiedCode = (phone: Phone | null): phone is Required<Phone> =>
  Boolean(phone?.phonePre && phone.phone && phone.code);

/** /register/step3: the registration form, for a number whose SMS code has been verified. */
export function Component() {
  const phone = session.getPhone();
  if (!hasVerifiedCode(phone)) return <Navigate replace to={paths.register} />;
  return <RegisterForm phone={phone} />;
}

function RegisterForm({ phone }: { phone: Required<Phone> }) {
  const { t } = useTranslation(["register", "common"]);
  // A share link's code (/register?ref=…), carried through the steps by flowUrl.
  const [search] = useSearchParams();
  const form = useForm({
    resolver: domainResolver<RegisterFormValues, RegisterFormOutput>(registerFormSchema),
    defaultValues: {
      ...emptyProfileValues(),
      email: "",
      password: "",
      confirm_password: "",
      referral_code: search.get("ref") ?? "",
      terms: false,
    },
    shouldFocusError: false,
  });
  const {
    register,
    handleSubmit,
    setFocus,
    formState: { errors },
  } = form;
  const complete = useCompleteRegistration(form);
  const submit = handleSubmit(
    (values) => complete.mutate(registration(values, phone)),
    (invalid) => {
      const first = FIELD_ORDER.find((name) => invalid[name]);
      if (first) setFocus(first);
    },
  );

  return (
    <PageFrame title={t("register:titles.registerForm")}>
      <FormProvider {...form}>
        <form className="card register-form" onSubmit={submit} noValidate>
          <TextField label={t("common:mobile")} value={displayPhone(phone)} readOnly />
          <ProfileFields
            afterNames={
              <>
                <TextField
                  label={t("email")}
                  type="email"
                  autoComplete="email"
                  error={errors.email}
                  {...register("email")}
                />
                <TextField
                  label={t("password")}
                  hint={t("passwordHint")}
                  type="password"
                  autoComplete="new-password"
                  error={errors.password}
                  {...register("password")}
                />
                <TextField
                  label={t("confirmPassword")}
                  type="password"
                  autoComplete="new-password"
                  error={errors.confirm_password}
                  {...register("confirm_password")}
                />
              </>
            }
            beforeContact={
              <TextField
                label={t("referralCode")}
                hint={t("common:profile.optional")}
                autoComplete="off"
                error={errors.referral_code}
                {...register("referral_code")}
              />
            }
          />
          <TermsBox />
          <SubmitActions loading={complete.isPending}>{t("common:submit")}</SubmitActions>
        </form>
      </FormProvider>
    </PageFrame>
  );
}

/** The terms box, checked 10 ms after each change like every checkbox (spec). */
function TermsBox() {
  const { t } = useTranslation(["register", "common"]);
  const validateSoon = useValidateChoiceSoon<RegisterFormValues>();
  const {
    register,
    formState: { errors },
  } = useFormContext<RegisterFormValues>();
  return (
    <CheckboxField
      label={
        <Trans
          t={t}
          i18nKey="termsAgree"
          components={{
            privacy: (
              // biome-ignore lint/a11y/useAnchorContent: the text comes from the translation
              <a href={paths.privacyPolicy} target="_blank" rel="noopener noreferrer" />
            ),
            newTab: <span className="visually-hidden" />,
          }}
        />
      }
      error={errors.terms}
      {...register("terms", { onChange: () => validateSoon("terms") })}
    />
  );
}
