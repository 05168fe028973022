import { z } from "zod";
import {
  clearableText,
  formCode,
  formInteger,
  isBlank,
  missingOr,
  optionalChoice,
  optionalOptOutFlag,
  optionalText,
  optOutFlag,
  requiredChoice,
  requiredText,
  ruleCheck,
  trimmed,
  whenFieldsValid,
} from "./form-fields.ts";
import { passwordFormatSchema } from "./password.ts";
import { phoneFields, withPhoneCheck } from "./phone.ts";
import {
  AGE_RANGES,
  BIRTH_MONTHS,
  findDistrict,
  findRegion,
  GENDER_VALUES,
  isDistrictOf,
  TITLE_VALUES,
  UNSUBSCRIBE_REASON_IDS,
} from "./profile-options.ts";
import { smsCodeSchema } from "./sms-code.ts";

// The server checks a district sent alone against the member's stored region, hence the re-export.
export { isDistrictOf };

export const EMAIL_MAX_LENGTH = 254;
export const NAME_MAX_LENGTH = 100;
export const FIRST_LAST_NAME_MAX_LENGTH = 50;
export const REFERRAL_CODE_MAX_LENGTH = 50;
export const UTM_SOURCE_MAX_LENGTH = 50;
export const UNSUBSCRIBE_TOKEN_MAX_LENGTH = 512;
/** The member's own words beside the "Other" unsubscribe reason. */
export const UNSUBSCRIBE_OTHER_MAX_LENGTH = 200;

function emailRule(email: string): string | null {
  if (email === "") return "emailNull";
  if (email.length > EMAIL_MAX_LENGTH) return "tooLong";
  if (!z.regexes.email.test(email)) return "emailFormat";
  return null;
}

/** Trimmed and lower-cased, so one mailbox cannot be registered twice under different capitals. */
export const emailSchema = z.preprocess(
  (value) => (typeof value === "string" ? value.trim().toLowerCase() : value),
  z.string({ error: missingOr("emailNull") }).superRefine(ruleCheck(emailRule)),
);

/**
 * The email of a profile save: it may change but not go. A complete profile (the contract's
 * profile_completed, which CheckPhone's 40006 rests on) includes the email, so an emptied one
 * would send the member back through web registration at the next login. An explicit "" or null
 * is refused with its own rule (emailKeep) rather than kept silently; a field not sent keeps it.
 */
export const profileEmailSchema = z.preprocess(
  (value) => (value === null ? "" : typeof value === "string" ? value.trim().toLowerCase() : value),
  z
    .string({ error: missingOr("emailKeep") })
    .superRefine(ruleCheck((email: string) => (email === "" ? "emailKeep" : emailRule(email)))),
);

const ageRange = z.preprocess(
  (value) => (isBlank(value) ? undefined : trimmed(value)),
  z.enum(AGE_RANGES, { error: missingOr("ageNull", "ageInvalid") }),
);

const regionCode = z.preprocess(
  formCode,
  z
    .string({ error: missingOr("countryNull") })
    .superRefine(ruleCheck((code: string) => (findRegion(code) ? null : "countryInvalid"))),
);

const districtCode = z.preprocess(
  formCode,
  z
    .string({ error: missingOr("areaNull") })
    .superRefine(ruleCheck((code: string) => (findDistrict(code) ? null : "areaInvalid"))),
);

// A body that is not an object at all is reported on the empty path.
const WHOLE_BODY = { error: "invalid" } as const;

const REGION = "residential_country_region__c";
const DISTRICT = "residential_district__c";

type PlaceFields = { [REGION]?: string | undefined; [DISTRICT]?: string | undefined };

/** Each field is checked on its own first; the pair only when both arrived and are known codes. */
function withDistrictOfRegion<S extends z.ZodType<PlaceFields>>(schema: S): S {
  return schema.superRefine(
    (value, ctx) => {
      const region = value[REGION];
      const district = value[DISTRICT];
      if (region !== undefined && district !== undefined && !isDistrictOf(region, district)) {
        ctx.addIssue({ code: "custom", message: "areaInvalid", path: [DISTRICT], input: district });
      }
    },
    { when: whenFieldsValid(REGION, DISTRICT) },
  );
}

export const registrationPayloadSchema = withDistrictOfRegion(
  withPhoneCheck(
    z.object(
      {
        ...phoneFields,
        sms_token: smsCodeSchema,
        // The blocklist is the server's 4207, not a field rule of the payload.
        password: passwordFormatSchema,
        title: requiredChoice(TITLE_VALUES, "titleNull", "titleInvalid"),
        name: optionalText(NAME_MAX_LENGTH),
        first_name: requiredText("firstNameNull", FIRST_LAST_NAME_MAX_LENGTH),
        last_name: requiredText("lastNameNull", FIRST_LAST_NAME_MAX_LENGTH),
        email: emailSchema,
        gender: requiredChoice(GENDER_VALUES, "genderNull", "genderInvalid"),
        birthday_month: requiredChoice(BIRTH_MONTHS, "birthNull", "birthInvalid"),
        age_range__c: ageRange,
        email_subscription: optOutFlag(),
        sms_subscription: optOutFlag(),
        do_not_call: optOutFlag(),
        referral_code: optionalText(REFERRAL_CODE_MAX_LENGTH),
        [REGION]: regionCode,
        [DISTRICT]: districtCode,
        utm_source: optionalText(UTM_SOURCE_MAX_LENGTH),
      },
      WHOLE_BODY,
    ),
  ),
);
export type RegistrationPayload = z.output<typeof registrationPayloadSchema>;

/*
 * A partial update: an absent field keeps the stored value. Fields a member may clear (full name, gender,
 * referral code) turn "" or null into null. Fields the forms require (first and last name, email (emailKeep), region,
 * district) refuse an explicit empty value with their rule instead of silently keeping the old one; a blank
 * district after a region change must not leave the old region's district in place.
 */
export const profileSavePayloadSchema = withDistrictOfRegion(
  z.object(
    {
      title: optionalChoice(TITLE_VALUES, "titleInvalid"),
      name: clearableText(NAME_MAX_LENGTH),
      first_name: requiredText("firstNameNull", FIRST_LAST_NAME_MAX_LENGTH).optional(),
      last_name: requiredText("lastNameNull", FIRST_LAST_NAME_MAX_LENGTH).optional(),
      gender: z.preprocess(
        (value) => (value === "" || value === null ? null : formInteger(value)),
        z.literal(GENDER_VALUES, { error: "genderInvalid" }).nullable().optional(),
      ),
      birthday_month: optionalChoice(BIRTH_MONTHS, "birthInvalid"),
      age_range__c: z.preprocess(
        (value) => (isBlank(value) ? undefined : trimmed(value)),
        z.enum(AGE_RANGES, { error: "ageInvalid" }).optional(),
      ),
      email_subscription: optionalOptOutFlag(),
      sms_subscription: optionalOptOutFlag(),
      do_not_call: optionalOptOutFlag(),
      referral_code: clearableText(REFERRAL_CODE_MAX_LENGTH),
      [REGION]: regionCode.optional(),
      [DISTRICT]: districtCode.optional(),
      email: profileEmailSchema.optional(),
    },
    WHOLE_BODY,
  ),
);
export type ProfileSavePayload = z.output<typeof profileSavePayloadSchema>;

/** Accepts [1, 3], ["1", "3"] (repeated form values), "1,3" and a single 3. */
function reasonItems(value: unknown): unknown {
  if (isBlank(value)) return undefined;
  const items = Array.isArray(value) ? value : [value];
  return items
    .flatMap((item) => (typeof item === "string" ? item.split(",") : [item]))
    .filter((item) => !(typeof item === "string" && item.trim() === ""))
    .map(formInteger);
}

const isReasonId = (item: unknown): item is number =>
  typeof item === "number" && UNSUBSCRIBE_REASON_IDS.includes(item);

const unsubscribeReasons = z.preprocess(
  reasonItems,
  z
    .array(z.unknown())
    .superRefine(ruleCheck((items: unknown[]) => (items.every(isReasonId) ? null : "reasonInvalid")))
    .transform((items) => [...new Set(items.filter(isReasonId))].sort((a, b) => a - b))
    .optional(),
);

export const subscriptionPreferencesSchema = z.object(
  {
    email_subscription: optionalOptOutFlag(),
    sms_subscription: optionalOptOutFlag(),
    do_not_call: optionalOptOutFlag(),
    unsubscribe_reasons: unsubscribeReasons,
    // Kept only beside the "Other" reason (id 6) while every channel is opted out; "" or null clears it.
    unsubscribe_reason_other: clearableText(UNSUBSCRIBE_OTHER_MAX_LENGTH),
    token: optionalText(UNSUBSCRIBE_TOKEN_MAX_LENGTH),
  },
  WHOLE_BODY,
);
export type SubscriptionPreferences = z.output<typeof subscriptionPreferencesSchema>;

export interface ProfileCompletionFields {
  title: unknown;
  first_name: unknown;
  last_name: unknown;
  email: unknown;
  gender: unknown;
  birthday_month: unknown;
  age_range: unknown;
  region: unknown;
  district: unknown;
}

const PROFILE_COMPLETION_KEYS: readonly (keyof ProfileCompletionFields)[] = [
  "title",
  "first_name",
  "last_name",
  "email",
  "gender",
  "birthday_month",
  "age_range",
  "region",
  "district",
];

/** The API contract's `profile_completed`: every one of these is set. */
export function profileCompleted(user: ProfileCompletionFields): boolean {
  return PROFILE_COMPLETION_KEYS.every((key) => !isBlank(user[key]));
}
