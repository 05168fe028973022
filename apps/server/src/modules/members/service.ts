import { ErrorCode, MemberCheckCode } from "@hcoins/domain/codes";
import type { ProfileSavePayload, RegistrationPayload } from "@hcoins/domain/payloads";
import { isDistrictOf } from "@hcoins/domain/profile-options";
import { isUniqueViolation } from "@hcoins/server-kit/database-errors";
import type { Kysely } from "kysely";
import type { Database, MemberRow, MemberUpdate } from "../../db/schema.ts";
import { AppError, validationError } from "../../errors.ts";
import type { MemberRepository } from "./repository.ts";
import { isProfileComplete } from "./user-info.ts";

export type PhoneCheck =
  | { code: typeof MemberCheckCode.mayNotRegister }
  | { code: typeof MemberCheckCode.notRegistered }
  | { code: typeof MemberCheckCode.appMemberIncomplete; member: MemberRow }
  | { code: typeof MemberCheckCode.registered; member: MemberRow };

export interface ImportedMember {
  mobile_phone_prefix: string;
  mobile_phone: string;
  member_no: string | null;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  birthday_month: number | null;
  register_store_code: string | null;
  external_customer_id: string | null;
}

/** Member numbers of web registrations: "M" and the row id, nine digits. */
const memberNoFor = (id: number) => `M${String(id).padStart(9, "0")}`;

export class MemberService {
  constructor(
    private readonly repo: MemberRepository,
    private readonly now: () => number,
  ) {}

  findById(id: number, trx?: Kysely<Database>) {
    return this.repo.findById(id, trx);
  }

  findByPhone(prefix: string, phone: string, trx?: Kysely<Database>) {
    return this.repo.findByPhone(prefix, phone, trx);
  }

  findByMemberNo(memberNo: string) {
    return this.repo.findByMemberNo(memberNo);
  }

  async emailTaken(email: string, exceptMemberId?: number): Promise<boolean> {
    const owner = await this.repo.findByEmail(email.trim().toLowerCase());
    return owner !== undefined && owner.id !== exceptMemberId;
  }

  isBlocked(prefix: string, phone: string) {
    return this.repo.isBlocked(prefix, phone);
  }

  block(prefix: string, phone: string, reason: string) {
    return this.repo.block(prefix, phone, reason, this.now());
  }

  unblock(prefix: string, phone: string) {
    return this.repo.unblock(prefix, phone);
  }

  /** CheckPhone: blocked 40002, unknown 40003, app member without profile or password 40005, else 40006. */
  async checkPhone(prefix: string, phone: string): Promise<PhoneCheck> {
    const { member, blocked } = await this.repo.findByPhoneWithBlock(prefix, phone);
    if (blocked) return { code: MemberCheckCode.mayNotRegister };
    if (!member) return { code: MemberCheckCode.notRegistered };
    if (member.password_hash === null || !isProfileComplete(member)) {
      return { code: MemberCheckCode.appMemberIncomplete, member };
    }
    return { code: MemberCheckCode.registered, member };
  }

  /**
   * Inserts a member who registered on the web and assigns the member number.
   * A second registration of the number (or a lost race) is 4009, a taken email 40010.
   */
  async createWebMember(
    payload: RegistrationPayload,
    passwordHash: string,
    registerStoreCode: string,
    trx: Kysely<Database>,
  ): Promise<MemberRow> {
    if (await this.repo.findByPhone(payload.mobile_phone_prefix, payload.mobile_phone, trx)) {
      throw new AppError(ErrorCode.alreadyRegistered);
    }
    if (await this.repo.findByEmail(payload.email, trx)) throw new AppError(ErrorCode.emailTaken);
    const at = this.now();
    try {
      const row = await this.repo.insert(
        {
          member_no: null,
          mobile_phone_prefix: payload.mobile_phone_prefix,
          mobile_phone: payload.mobile_phone,
          password_hash: passwordHash,
          title: payload.title,
          name: payload.name ?? null,
          first_name: payload.first_name,
          last_name: payload.last_name,
          email: payload.email,
          gender: payload.gender,
          birthday_month: payload.birthday_month,
          age_range: payload.age_range__c,
          region: payload.residential_country_region__c,
          district: payload.residential_district__c,
          referral_code: payload.referral_code ?? null,
          sms_subscription: payload.sms_subscription,
          email_subscription: payload.email_subscription,
          do_not_call: payload.do_not_call,
          unsubscribe_reasons: "",
          register_store_code: registerStoreCode,
          external_customer_id: null,
          source: "web",
          disabled: 0,
          created_at: at,
          updated_at: at,
        },
        trx,
      );
      return await this.repo.update(row.id, { member_no: memberNoFor(row.id) }, trx);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const message = String((error as Error).message);
      throw new AppError(message.includes("email") ? ErrorCode.emailTaken : ErrorCode.alreadyRegistered);
    }
  }

  /**
   * Saves a profile: only the fields sent change. The birth month is locked once
   * set; the district must belong to the (new or stored) region; the email stays unique.
   */
  async saveProfile(member: MemberRow, payload: ProfileSavePayload): Promise<MemberRow> {
    const changes: MemberUpdate = {};
    if (payload.title !== undefined) changes.title = payload.title;
    if (payload.name !== undefined) changes.name = payload.name;
    if (payload.first_name !== undefined) changes.first_name = payload.first_name;
    if (payload.last_name !== undefined) changes.last_name = payload.last_name;
    if (payload.gender !== undefined) changes.gender = payload.gender;
    if (payload.age_range__c !== undefined) changes.age_range = payload.age_range__c;
    if (payload.referral_code !== undefined) changes.referral_code = payload.referral_code;
    if (payload.email_subscription !== undefined) changes.email_subscription = payload.email_subscription;
    if (payload.sms_subscription !== undefined) changes.sms_subscription = payload.sms_subscription;
    if (payload.do_not_call !== undefined) changes.do_not_call = payload.do_not_call;

    if (payload.birthday_month !== undefined && payload.birthday_month !== member.birthday_month) {
      if (member.birthday_month !== null) {
        throw validationError([{ field: "birthday_month", rule: "birthLocked" }]);
      }
      changes.birthday_month = payload.birthday_month;
    }

    const region = payload.residential_country_region__c ?? member.region;
    const district = payload.residential_district__c ?? member.district;
    if (
      payload.residential_country_region__c !== undefined ||
      payload.residential_district__c !== undefined
    ) {
      if (region === null || district === null || !isDistrictOf(region, district)) {
        throw validationError([{ field: "residential_district__c", rule: "areaInvalid" }]);
      }
      changes.region = region;
      changes.district = district;
    }

    if (payload.email !== undefined && payload.email !== member.email) {
      if (await this.emailTaken(payload.email, member.id)) throw new AppError(ErrorCode.emailTaken);
      changes.email = payload.email;
    }

    if (Object.keys(changes).length === 0) return member;
    changes.updated_at = this.now();
    try {
      return await this.repo.update(member.id, changes);
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError(ErrorCode.emailTaken);
      throw error;
    }
  }

  setPasswordHash(memberId: number, passwordHash: string, trx?: Kysely<Database>) {
    return this.repo.update(memberId, { password_hash: passwordHash, updated_at: this.now() }, trx);
  }

  /** The H Coins member number, set once the coin scheme has linked the member. */
  setExternalCustomerId(memberId: number, externalCustomerId: string) {
    return this.repo.update(memberId, { external_customer_id: externalCustomerId, updated_at: this.now() });
  }

  setDisabled(memberId: number, disabled: boolean) {
    return this.repo.update(memberId, { disabled: disabled ? 1 : 0, updated_at: this.now() });
  }

  setSubscriptions(
    memberId: number,
    values: {
      email_subscription: number;
      sms_subscription: number;
      do_not_call: number;
      unsubscribe_reasons: number[];
    },
  ) {
    return this.repo.update(memberId, {
      email_subscription: values.email_subscription,
      sms_subscription: values.sms_subscription,
      do_not_call: values.do_not_call,
      unsubscribe_reasons: values.unsubscribe_reasons.join(","),
      updated_at: this.now(),
    });
  }

  /** An app member brought in by an operator: no password, so CheckPhone answers 40005. */
  async importMember(values: ImportedMember, trx?: Kysely<Database>): Promise<MemberRow> {
    const at = this.now();
    const row = await this.repo.insert(
      {
        ...values,
        password_hash: null,
        title: null,
        name: null,
        gender: null,
        age_range: null,
        region: null,
        district: null,
        referral_code: null,
        sms_subscription: 0,
        email_subscription: 0,
        do_not_call: 0,
        unsubscribe_reasons: "",
        source: "import",
        disabled: 0,
        created_at: at,
        updated_at: at,
      },
      trx,
    );
    return row.member_no ? row : this.repo.update(row.id, { member_no: memberNoFor(row.id) }, trx);
  }
}
