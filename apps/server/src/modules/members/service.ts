import { ErrorCode, MemberCheckCode } from "@hcoins/domain/codes";
import { CONSENT_STATEMENT_VERSION } from "@hcoins/domain/marketing-consent";
import { memberNumberPlausible } from "@hcoins/domain/member-number";
import type { ProfileSavePayload, RegistrationPayload } from "@hcoins/domain/payloads";
import { isDistrictOf } from "@hcoins/domain/profile-options";
import type { DatabaseHandle, TableViews } from "@hcoins/server-kit/database";
import { isUniqueViolation } from "@hcoins/server-kit/database-errors";
import type { Updateable } from "kysely";
import { AppError, validationError } from "../../errors.ts";
import { newToken, sha256 } from "../../secrets.ts";
import { consentChanges, type OptOutFlags } from "./consent-changes.ts";
import {
  checkImportRows,
  type ImportedMember,
  MemberImportConflict,
  MemberImportRefused,
  type MemberImportRow,
  OPTED_OUT,
} from "./member-import.ts";
import { allocateMemberNumber } from "./member-number-allocation.ts";
import type { MemberRepository, PhoneHolder } from "./repository.ts";
import type { ConsentSource, MemberRow, MembersTable } from "./tables.ts";
import { isProfileComplete } from "./user-info.ts";

// Other modules, the routes and the CLI receive a member as this row; they take its type from this
// service because only the members module imports its tables.ts (biome.json's import rule).
export type { MemberRow };

export type PhoneCheck =
  | { code: typeof MemberCheckCode.mayNotRegister }
  | { code: typeof MemberCheckCode.notRegistered }
  | { code: typeof MemberCheckCode.appMemberIncomplete; member: PhoneHolder }
  | { code: typeof MemberCheckCode.registered; member: PhoneHolder };

export interface MemberConfig {
  accessTokenTtlDays: number;
}

/** Matches the blocked_numbers.reason column. */
export const BLOCK_REASON_MAX_LENGTH = 200;

/** How long a revoked access token is kept before the purge deletes it. */
export const REVOKED_TOKEN_KEPT_MS = 86_400_000;

/** The member row was gone when erasure came to delete it (another erasure got there first). */
export class MemberErasedMeanwhile extends Error {}

/**
 * Told of a change of a member's profile or preferences inside its transaction, with the row as it
 * was (under the row lock) and as it is now; what it answers runs once the change has committed.
 */
export type MemberChangeListener = (
  before: MemberRow,
  after: MemberRow,
  trx: TableViews,
) => Promise<(() => Promise<void>) | null>;

/**
 * Members: their records, profiles and preferences, the blocks of numbers, and their
 * sessions (access tokens: 256-bit random, stored as SHA-256, valid ACCESS_TOKEN_TTL_DAYS,
 * revocable). Every change of a marketing preference is recorded (marketing_consents) in the
 * transaction that makes it.
 */
export class MemberService {
  /** Who hears of profile and preference changes (the profile facts the coin scheme keeps). */
  private readonly changeListeners: MemberChangeListener[] = [];

  constructor(
    private readonly repo: MemberRepository,
    private readonly transaction: DatabaseHandle["transaction"],
    private readonly config: MemberConfig,
    private readonly now: () => number,
  ) {}

  findById(id: number, trx?: TableViews) {
    return this.repo.findById(id, trx);
  }

  findByPhone(prefix: string, phone: string, trx?: TableViews) {
    return this.repo.findByPhone(prefix, phone, trx);
  }

  /** A number of the new form failing its check digit is nobody's, and is not looked up. */
  async findByMemberNo(memberNo: string) {
    if (!memberNumberPlausible(memberNo)) return undefined;
    return this.repo.findByMemberNo(memberNo);
  }

  /** A random member number no member holds (member-number-allocation.ts), looked up in `trx`. */
  private newMemberNumber(trx: TableViews): Promise<string> {
    return allocateMemberNumber(
      async (candidate) => (await this.repo.findByMemberNo(candidate, trx)) !== undefined,
    );
  }

  /** The member an email belongs to (emails are kept trimmed and lower-case). */
  findByEmail(email: string) {
    return this.repo.findByEmail(email.trim().toLowerCase());
  }

  /** The member linked to an H Coins number. */
  findByHcoinsMemberNo(hcoinsMemberNo: string) {
    return this.repo.findByExternalCustomerId(hcoinsMemberNo);
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

  /** The block of a number, if any (its reason and when). */
  blockOf(prefix: string, phone: string) {
    return this.repo.blockOf(prefix, phone);
  }

  unblock(prefix: string, phone: string) {
    return this.repo.unblock(prefix, phone);
  }

  /** CheckPhone: blocked 40002, unknown 40003, app member without profile or password 40005, else 40006. */
  async checkPhone(prefix: string, phone: string): Promise<PhoneCheck> {
    const { member, blocked } = await this.repo.phoneHolder(prefix, phone);
    if (blocked) return { code: MemberCheckCode.mayNotRegister };
    if (!member) return { code: MemberCheckCode.notRegistered };
    if (!member.has_password || !isProfileComplete(member)) {
      return { code: MemberCheckCode.appMemberIncomplete, member };
    }
    return { code: MemberCheckCode.registered, member };
  }

  /**
   * Inserts a member who registered on the web, with a random member number.
   * A second registration of the number (or a lost race) is 4009, a taken email 40010.
   */
  async createWebMember(
    payload: RegistrationPayload,
    passwordHash: string,
    registerStoreCode: string,
    trx: TableViews,
  ): Promise<MemberRow> {
    if (await this.repo.findByPhone(payload.mobile_phone_prefix, payload.mobile_phone, trx)) {
      throw new AppError(ErrorCode.alreadyRegistered);
    }
    if (await this.repo.findByEmail(payload.email, trx)) throw new AppError(ErrorCode.emailTaken);
    const at = this.now();
    try {
      const member = await this.repo.insert(
        {
          member_no: await this.newMemberNumber(trx),
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
      await this.recordConsent(null, member, "registration", CONSENT_STATEMENT_VERSION, trx);
      return member;
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
    const changes: Updateable<MembersTable> = {};
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
      return await this.changeWithConsent(member.id, changes, "profile");
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError(ErrorCode.emailTaken);
      throw error;
    }
  }

  setPasswordHash(memberId: number, passwordHash: string, trx?: TableViews) {
    return this.repo.update(memberId, { password_hash: passwordHash, updated_at: this.now() }, trx);
  }

  /** The first password of a member without one; false when one was set meanwhile. */
  setFirstPasswordHash(memberId: number, passwordHash: string): Promise<boolean> {
    return this.repo.setPasswordHashIfNone(memberId, passwordHash, this.now());
  }

  /** The H Coins member number, set once the coin scheme has linked the member. */
  setExternalCustomerId(memberId: number, externalCustomerId: string) {
    return this.repo.update(memberId, { external_customer_id: externalCustomerId, updated_at: this.now() });
  }

  /** An operator's correction of the birth month, past the profile's once-only rule. */
  correctBirthMonth(memberId: number, month: number) {
    return this.repo.update(memberId, { birthday_month: month, updated_at: this.now() });
  }

  /**
   * The member's new mobile number (an operator's change, the code proved by the member), in the
   * caller's transaction; 4267 when another member took it meanwhile (the unique key).
   */
  async changeMobileNumber(memberId: number, prefix: string, phone: string, trx: TableViews) {
    try {
      return await this.repo.update(
        memberId,
        { mobile_phone_prefix: prefix, mobile_phone: phone, updated_at: this.now() },
        trx,
      );
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError(ErrorCode.mobileNumberTaken);
      throw error;
    }
  }

  /**
   * A disabled account may not log in (4202), and every access token it holds is revoked. The
   * flag goes first: a login racing with this then fails rather than minting a token after the revoke.
   */
  async setDisabled(memberId: number, disabled: boolean) {
    const member = await this.repo.update(memberId, { disabled: disabled ? 1 : 0, updated_at: this.now() });
    if (disabled) await this.revokeAccessTokensOf(memberId);
    return member;
  }

  /** The preferences page's save, by the member or through an unsubscribe link (`source`). */
  setSubscriptions(
    memberId: number,
    values: OptOutFlags & { unsubscribe_reasons: number[]; unsubscribe_reason_other: string },
    source: Extract<ConsentSource, "preferences" | "unsubscribe_link">,
  ) {
    return this.changeWithConsent(
      memberId,
      {
        email_subscription: values.email_subscription,
        sms_subscription: values.sms_subscription,
        do_not_call: values.do_not_call,
        unsubscribe_reasons: values.unsubscribe_reasons.join(","),
        unsubscribe_reason_other: values.unsubscribe_reason_other,
        updated_at: this.now(),
      },
      source,
    );
  }

  /** `listener` hears every change made through the profile and the preferences (changeWithConsent). */
  onChange(listener: MemberChangeListener) {
    this.changeListeners.push(listener);
  }

  /**
   * Updates the member and records each channel whose consent the update changed, in one
   * transaction, compared with the row as it is under the row lock (not as the caller read it);
   * the change listeners write in it what they must, and act once it has committed.
   */
  private async changeWithConsent(
    memberId: number,
    changes: Updateable<MembersTable>,
    source: ConsentSource,
  ): Promise<MemberRow> {
    const { after, committed } = await this.transaction(async (trx) => {
      const before = await this.repo.lockMember(memberId, trx);
      const after = await this.repo.update(memberId, changes, trx);
      await this.recordConsent(before, after, source, CONSENT_STATEMENT_VERSION, trx);
      const committed: (() => Promise<void>)[] = [];
      for (const listener of this.changeListeners) {
        const then = await listener(before, after, trx);
        if (then) committed.push(then);
      }
      return { after, committed };
    });
    for (const then of committed) await then();
    return after;
  }

  private recordConsent(
    before: OptOutFlags | null,
    after: MemberRow,
    source: ConsentSource,
    statementVersion: string | null,
    trx: TableViews,
  ): Promise<void> {
    const at = after.updated_at;
    const rows = consentChanges(before, after, { memberId: after.id, source, statementVersion, at });
    return this.repo.insertConsentRecords(rows, trx);
  }

  /**
   * An app member brought in by an operator: no password, so CheckPhone answers 40005. Opted out
   * of every channel unless the file says the member agreed (member-import.ts); the choice is recorded.
   */
  async importMember(values: ImportedMember, trx?: TableViews): Promise<MemberRow> {
    if (!trx) return this.transaction((inner) => this.importMember(values, inner));
    const { consent = OPTED_OUT, ...columns } = values;
    const at = this.now();
    const member = await this.repo.insert(
      {
        ...columns,
        member_no: columns.member_no ?? (await this.newMemberNumber(trx)),
        email_subscription: consent.email_subscription,
        sms_subscription: consent.sms_subscription,
        do_not_call: consent.do_not_call,
        password_hash: null,
        title: null,
        name: null,
        gender: null,
        age_range: null,
        region: null,
        district: null,
        referral_code: null,
        unsubscribe_reasons: "",
        source: "import",
        disabled: 0,
        created_at: at,
        updated_at: at,
      },
      trx,
    );
    await this.recordConsent(null, member, "import", consent.statement, trx);
    return member;
  }

  /**
   * Imports app members: every row is checked first (against the other rows and the members
   * held), and either all rows go in, in one transaction, or none does. Throws
   * MemberImportRefused with the bad rows, or MemberImportConflict when another writer took a
   * number, member number or email meanwhile. `dryRun` checks and writes nothing.
   */
  async importMembers(
    rows: MemberImportRow[],
    options: { dryRun?: boolean } = {},
  ): Promise<{ line: number; member: MemberRow }[]> {
    const { valid, bad } = await checkImportRows(rows, this);
    if (bad.length > 0) throw new MemberImportRefused(bad);
    if (options.dryRun) return [];
    try {
      return await this.transaction(async (trx) => {
        const imported: { line: number; member: MemberRow }[] = [];
        for (const row of valid)
          imported.push({ line: row.line, member: await this.importMember(row.member, trx) });
        return imported;
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      throw new MemberImportConflict((error as Error).message);
    }
  }

  async issueAccessToken(memberId: number, trx?: TableViews): Promise<string> {
    const token = newToken();
    const createdAt = this.now();
    await this.repo.insertAccessToken(
      {
        token_hash: sha256(token),
        member_id: memberId,
        created_at: createdAt,
        expires_at: createdAt + this.config.accessTokenTtlDays * 86_400_000,
        revoked_at: null,
      },
      trx,
    );
    return token;
  }

  /** The member behind a live token, or null for an unknown, expired or revoked one. */
  async memberForAccessToken(token: string): Promise<{ member: MemberRow; tokenHash: string } | null> {
    const tokenHash = sha256(token);
    const row = await this.repo.session(tokenHash);
    if (!row) return null;
    const { token_expires_at, token_revoked_at, ...member } = row;
    if (token_revoked_at !== null || token_expires_at <= this.now()) return null;
    return { member, tokenHash };
  }

  revokeAccessToken(tokenHash: string): Promise<void> {
    return this.repo.revokeAccessToken(tokenHash, this.now());
  }

  /** Revokes every live token of a member, except the one given (the caller's own on password change). */
  revokeAccessTokensOf(memberId: number, exceptHash: string | null = null, trx?: TableViews): Promise<void> {
    return this.repo.revokeAccessTokensOf(memberId, exceptHash, this.now(), trx);
  }

  /**
   * Deletes the sessions that can no longer be used: expired ones, and revoked ones once a day
   * has passed (a member's "logged out" shows in a data export made that day). Either kind is
   * refused already (memberForAccessToken), and a deleted token reads as unknown, refused alike.
   */
  purgeEndedAccessTokens(now: number): Promise<number> {
    return this.repo.deleteEndedAccessTokens(now, now - REVOKED_TOKEN_KEPT_MS);
  }

  /** What this module holds about a member besides their row: sessions, consent records, and a block of their number. */
  async dataOf(member: MemberRow) {
    const [accessTokens, consentRecords, block] = await Promise.all([
      this.repo.accessTokensOf(member.id),
      this.repo.consentRecordsOf(member.id),
      this.repo.blockOf(member.mobile_phone_prefix, member.mobile_phone),
    ]);
    return { accessTokens, consentRecords, block };
  }

  /**
   * Deletes the member, their access tokens and their consent records in the caller's
   * transaction: every device is logged out (a token without its row is unknown). A block of
   * the number is the operator's record about the number and stays. Throws
   * MemberErasedMeanwhile when the row was gone.
   */
  async erase(
    member: MemberRow,
    trx: TableViews,
  ): Promise<{ accessTokens: number; liveAccessTokens: number; consentRecords: number }> {
    const now = this.now();
    const tokens = await this.repo.deleteAccessTokensOf(member.id, trx);
    const consentRecords = await this.repo.deleteConsentRecordsOf(member.id, trx);
    if (!(await this.repo.delete(member.id, trx)))
      throw new MemberErasedMeanwhile(`member ${member.id} is gone`);
    return {
      accessTokens: tokens.length,
      liveAccessTokens: tokens.filter((token) => token.revoked_at === null && token.expires_at > now).length,
      consentRecords,
    };
  }
}
