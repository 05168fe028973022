import { whenFieldsValid } from "@hcoins/domain/form-fields";
import { newPasswordSchema } from "@hcoins/domain/password";
import { emailSchema, isDistrictOf, registrationPayloadSchema } from "@hcoins/domain/payloads";
import { z } from "zod";
import { type ProfileFormValues, profileFieldsShape } from "../../components/profile-fields.tsx";

/** The controls of /register/step3 as the form holds them. */
export interface RegisterFormValues extends ProfileFormValues {
  email: string;
  password: string;
  confirm_password: string;
  referral_code: string;
  terms: boolean;
}

/**
 * Step 3's rules: the profile controls' domain rules, email, the password format plus the
 * common-password blocklist (so the member hears it before the server's 4207), the
 * confirmation, and the terms box. Each issue's message is a common:validation rule name.
 */
export const registerFormSchema = z
  .object({
    ...profileFieldsShape(),
    email: emailSchema,
    password: newPasswordSchema,
    confirm_password: z.string().min(1, "confirmPasswordNull"),
    referral_code: registrationPayloadSchema.shape.referral_code,
    terms: z.boolean().refine((ticked) => ticked, "termsRequired"),
  })
  .superRefine(
    (values, ctx) => {
      if (values.confirm_password !== values.password) {
        ctx.addIssue({ code: "custom", message: "confirmPasswordFormat", path: ["confirm_password"] });
      }
    },
    { when: whenFieldsValid("confirm_password") },
  )
  .superRefine(
    (values, ctx) => {
      const region = values.residential_country_region__c;
      const district = values.residential_district__c;
      if (!isDistrictOf(region, district)) {
        ctx.addIssue({ code: "custom", message: "areaInvalid", path: ["residential_district__c"] });
      }
    },
    { when: whenFieldsValid("residential_country_region__c", "residential_district__c") },
  );

export type RegisterFormOutput = z.output<typeof registerFormSchema>;
