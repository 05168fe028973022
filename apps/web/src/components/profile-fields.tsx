import type { UserInfo } from "@hcoins/domain/api/profile";
import { profileSavePayloadSchema, registrationPayloadSchema } from "@hcoins/domain/payloads";
import {
  AGE_RANGES,
  BIRTH_MONTHS,
  DEFAULT_GENDER,
  DEFAULT_TITLE,
  districtsOf,
  formatBirthMonth,
  GENDERS,
  REGIONS,
  TITLES,
} from "@hcoins/domain/profile-options";
import { useCallback, useEffect, useId, useRef } from "react";
import { type FieldPath, type FieldValues, useController, useFormContext } from "react-hook-form";
import { z } from "zod";
import { currentLanguage, useTranslation } from "../lib/i18n.ts";
import { ConsentStatements } from "./consent-statements.tsx";
import { Choice, ChoiceGroup, SelectField, TextField } from "./form-fields.tsx";

/*
 * The profile controls shared by /register/step3, /updateuser and /renew. Field names are the payload's
 * own (so the domain schema's issues land on the right control), except the three contact boxes, which
 * hold the tick (ticked = reachable = stored 0) and are inverted into the opt-out flags on save; the
 * consent statements follow them on every screen.
 * The component reads the form from a <FormProvider>, so each screen's form may carry its own extra
 * fields (email, password, referral code, terms) without fighting the types.
 */

/** Values as the controls hold them: radio and select values are strings, "" = nothing chosen. */
export interface ProfileFormValues {
  title: string;
  name: string;
  first_name: string;
  last_name: string;
  gender: string;
  birthday_month: string;
  age_range__c: string;
  residential_country_region__c: string;
  residential_district__c: string;
  contact_email: boolean;
  contact_sms: boolean;
  contact_phone: boolean;
}

/** The spec: checkbox and radio validation runs 10 ms after a change. */
export const CHOICE_VALIDATION_DELAY_MS = 10;

const field = registrationPayloadSchema.shape;

/**
 * The zod shape of the profile controls, taken field by field from the domain's registration schema so
 * the rules and rule names are the server's. Gender is required on register and complete-profile but
 * may stay empty on edit. Spread it into a screen's own z.object next to its extra fields.
 */
export function profileFieldsShape({ genderRequired = true }: { genderRequired?: boolean } = {}) {
  return {
    title: field.title,
    name: field.name,
    first_name: field.first_name,
    last_name: field.last_name,
    // The save schema lets gender stay empty ("" → null) on edit.
    gender: genderRequired ? field.gender : profileSavePayloadSchema.shape.gender,
    birthday_month: field.birthday_month,
    age_range__c: field.age_range__c,
    residential_country_region__c: field.residential_country_region__c,
    residential_district__c: field.residential_district__c,
    contact_email: z.boolean(),
    contact_sms: z.boolean(),
    contact_phone: z.boolean(),
  };
}

/** Empty controls for a new registration: title Mr and gender Male preselected (spec defaults). */
export function emptyProfileValues(): ProfileFormValues {
  return {
    title: String(DEFAULT_TITLE),
    name: "",
    first_name: "",
    last_name: "",
    gender: String(DEFAULT_GENDER),
    birthday_month: "",
    age_range__c: "",
    residential_country_region__c: "",
    residential_district__c: "",
    contact_email: false,
    contact_sms: false,
    contact_phone: false,
  };
}

const text = (value: string | number | null | undefined) => (value == null ? "" : String(value));

/** The member's stored info as control values: gender null → none chosen; a contact box ticked when stored 0. */
export function profileValuesFromUser(user: UserInfo): ProfileFormValues {
  return {
    title: text(user.title ?? DEFAULT_TITLE),
    name: text(user.name),
    first_name: text(user.first_name),
    last_name: text(user.last_name),
    gender: text(user.gender),
    birthday_month: text(user.birthday_month),
    age_range__c: text(user.custom_fields.age_range),
    residential_country_region__c: text(user.custom_fields.residential_country_region),
    residential_district__c: text(user.custom_fields.residential_district),
    contact_email: user.email_subscription === 0,
    contact_sms: user.sms_subscription === 0,
    contact_phone: user.do_not_call === 0,
  };
}

/** What POST /crm/user/profile receives from these controls. */
export interface ProfileSaveBody {
  title: number;
  name: string | null;
  first_name: string;
  last_name: string;
  gender: number | null;
  birthday_month?: number;
  age_range__c?: string;
  residential_country_region__c?: string;
  residential_district__c?: string;
  email_subscription: 0 | 1;
  sms_subscription: 0 | 1;
  do_not_call: 0 | 1;
}

type Loose<T> = { [K in keyof T]: T[K] extends string ? string | number | null | undefined : T[K] };

const optionalNumber = (value: string | number | null | undefined) =>
  value === "" || value == null ? undefined : Number(value);
const optionalString = (value: string | number | null | undefined) =>
  value === "" || value == null ? undefined : String(value);

/**
 * Control values (raw, or as the domain schema outputs them) → the profile save payload: numbers for
 * title, gender and month, gender "" → null, and each contact flag = 1 when its box is NOT ticked.
 * Blank selects are left out (the server keeps what it has) rather than sent as "".
 */
export function profileSaveBody(values: Loose<ProfileFormValues>): ProfileSaveBody {
  const name = text(values.name).trim();
  const body: ProfileSaveBody = {
    title: Number(values.title ?? DEFAULT_TITLE),
    name: name === "" ? null : name,
    first_name: text(values.first_name).trim(),
    last_name: text(values.last_name).trim(),
    gender: optionalNumber(values.gender) ?? null,
    email_subscription: values.contact_email ? 0 : 1,
    sms_subscription: values.contact_sms ? 0 : 1,
    do_not_call: values.contact_phone ? 0 : 1,
  };
  const month = optionalNumber(values.birthday_month);
  if (month !== undefined) body.birthday_month = month;
  const age = optionalString(values.age_range__c);
  if (age !== undefined) body.age_range__c = age;
  const region = optionalString(values.residential_country_region__c);
  if (region !== undefined) body.residential_country_region__c = region;
  const district = optionalString(values.residential_district__c);
  if (district !== undefined) body.residential_district__c = district;
  return body;
}

/**
 * Validates one field 10 ms after a checkbox or radio changes (spec), so the error shows before the
 * first submit. Pending checks are dropped on unmount.
 */
export function useValidateChoiceSoon<T extends FieldValues>() {
  const { trigger } = useFormContext<T>();
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending) clearTimeout(timer);
      pending.clear();
    };
  }, []);
  return useCallback(
    (name: FieldPath<T>) => {
      const timer = setTimeout(() => {
        timers.current.delete(timer);
        void trigger(name);
      }, CHOICE_VALIDATION_DELAY_MS);
      timers.current.add(timer);
    },
    [trigger],
  );
}

/**
 * Selects are controlled from the form state rather than registered: an uncontrolled select whose
 * DOM looks "edited" at registration (as in happy-dom) would overwrite its default with "".
 */
function useSelect(name: SelectName) {
  const { field } = useController<ProfileFormValues, SelectName>({ name });
  return {
    name: field.name,
    value: field.value,
    onChange: field.onChange,
    onBlur: field.onBlur,
    ref: field.ref,
  };
}

type SelectName =
  | "birthday_month"
  | "age_range__c"
  | "residential_country_region__c"
  | "residential_district__c";

export type ProfilePiece =
  | "title"
  | "name"
  | "names"
  | "gender"
  | "birthMonth"
  | "ageRange"
  | "place"
  | "contact";

export interface ProfileFieldsProps {
  /** Pieces to leave out. */
  hide?: readonly ProfilePiece[];
  /** Month already stored: the select is shown but cannot change (the server refuses a change). */
  birthMonthLocked?: boolean;
  /** Marks gender as optional in its legend (edit profile). */
  genderOptional?: boolean;
  /** Screen-specific controls after the names (e.g. email on /renew). */
  afterNames?: React.ReactNode;
  /** Screen-specific controls before the contact boxes (e.g. referral code). */
  beforeContact?: React.ReactNode;
}

export function ProfileFields({
  hide = [],
  birthMonthLocked = false,
  genderOptional = false,
  afterNames,
  beforeContact,
}: ProfileFieldsProps) {
  const { t } = useTranslation("common");
  const {
    register,
    setValue,
    watch,
    formState: { errors },
  } = useFormContext<ProfileFormValues>();
  const validateSoon = useValidateChoiceSoon<ProfileFormValues>();
  const monthId = useId();
  const statementsId = useId();
  const shown = (piece: ProfilePiece) => !hide.includes(piece);
  const language = currentLanguage();
  const region = watch("residential_country_region__c");
  const districts = region ? districtsOf(region) : [];

  const title = register("title", { onChange: () => validateSoon("title") });
  const gender = register("gender", { onChange: () => validateSoon("gender") });
  const month = useSelect("birthday_month");
  const ageRange = useSelect("age_range__c");
  const district = useSelect("residential_district__c");
  const regionSelect = useSelect("residential_country_region__c");
  const regionField = {
    ...regionSelect,
    onChange: (event: React.ChangeEvent<HTMLSelectElement>) => {
      regionSelect.onChange(event);
      // A district never outlives its region; a region with a single district (Macau, Mainland, Other) gets it at once.
      const only = districtsOf(event.target.value);
      setValue("residential_district__c", only.length === 1 ? (only[0]?.code ?? "") : "", {
        shouldDirty: true,
      });
    },
  };

  return (
    <>
      {shown("title") && (
        <ChoiceGroup legend={t("profile.title")} error={errors.title}>
          {TITLES.map((option) => (
            <Choice
              key={option.value}
              type="radio"
              value={String(option.value)}
              label={t(`options.title.${option.value}`)}
              {...title}
            />
          ))}
        </ChoiceGroup>
      )}
      {shown("name") && (
        <TextField
          label={t("profile.fullName")}
          hint={t("profile.optional")}
          autoComplete="name"
          error={errors.name}
          {...register("name")}
        />
      )}
      {shown("names") && (
        <>
          <TextField
            label={t("profile.firstName")}
            autoComplete="given-name"
            error={errors.first_name}
            {...register("first_name")}
          />
          <TextField
            label={t("profile.lastName")}
            autoComplete="family-name"
            error={errors.last_name}
            {...register("last_name")}
          />
        </>
      )}
      {afterNames}
      {shown("gender") && (
        <ChoiceGroup
          legend={t(genderOptional ? "profile.genderOptional" : "profile.gender")}
          error={errors.gender}
        >
          {GENDERS.map((option) => (
            <Choice
              key={option.value}
              type="radio"
              value={String(option.value)}
              label={t(`options.gender.${option.value}`)}
              {...gender}
            />
          ))}
        </ChoiceGroup>
      )}
      {shown("birthMonth") && (
        <>
          <SelectField
            id={monthId}
            label={t("profile.birthMonth")}
            placeholder={t("pleaseSelect")}
            options={BIRTH_MONTHS.map((month) => ({ value: String(month), label: formatBirthMonth(month) }))}
            error={errors.birthday_month}
            {...month}
            // After register: a plain attribute keeps the stored month in the form values.
            disabled={birthMonthLocked}
            aria-describedby={birthMonthLocked ? `${monthId}-error ${monthId}-hint` : `${monthId}-error`}
          />
          {birthMonthLocked && (
            <p id={`${monthId}-hint`} className="field-hint profile-locked-hint">
              {t("validation.birthLocked")}
            </p>
          )}
        </>
      )}
      {shown("ageRange") && (
        <SelectField
          label={t("profile.ageRange")}
          placeholder={t("pleaseSelect")}
          options={AGE_RANGES.map((range) => ({ value: range, label: t(`options.ageRange.${range}`) }))}
          error={errors.age_range__c}
          {...ageRange}
        />
      )}
      {shown("place") && (
        <>
          <SelectField
            label={t("profile.region")}
            placeholder={t("pleaseSelect")}
            options={REGIONS.map((item) => ({ value: item.code, label: item.name[language] }))}
            error={errors.residential_country_region__c}
            {...regionField}
          />
          <SelectField
            label={t("profile.district")}
            placeholder={t("pleaseSelect")}
            options={districts.map((item) => ({ value: item.code, label: item.name[language] }))}
            error={errors.residential_district__c}
            {...district}
            disabled={districts.length === 0}
          />
        </>
      )}
      {beforeContact}
      {shown("contact") && (
        // The boxes never show without the consent statements they are ticked under.
        <>
          <ChoiceGroup legend={t("profile.contact")} describedBy={statementsId}>
            <Choice type="checkbox" label={t("profile.contactEmail")} {...register("contact_email")} />
            <Choice type="checkbox" label={t("profile.contactSms")} {...register("contact_sms")} />
            <Choice type="checkbox" label={t("profile.contactPhone")} {...register("contact_phone")} />
          </ChoiceGroup>
          <ConsentStatements id={statementsId} />
        </>
      )}
    </>
  );
}
