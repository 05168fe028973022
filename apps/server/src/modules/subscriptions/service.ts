import { createHmac, randomBytes } from "node:crypto";
import type { Preferences } from "@hcoins/domain/api/subscriptions";
import { ErrorCode } from "@hcoins/domain/codes";
import { OTHER_UNSUBSCRIBE_REASON_ID } from "@hcoins/domain/profile-options";
import { AppError } from "../../errors.ts";
import { safeEqual } from "../../secrets.ts";
import type { MemberRow, MemberService } from "../members/service.ts";
import type { SettingsService } from "../settings/service.ts";

const SECRET_KEY = "unsubscribe_link_secret";

export interface SubscriptionConfig {
  linkTtlDays: number;
  /** The origin of the links handed out (PUBLIC_URL, or the server's own address). */
  publicUrl: string;
}

/**
 * Marketing preferences, changed by the member or by anyone holding the member's
 * unsubscribe link. The link's token is `<base64url {m, e}>.<hmac>`: signed with a
 * secret generated once and kept in the settings, so links survive restarts.
 */
export class SubscriptionService {
  private secret: Promise<string> | undefined;

  constructor(
    private readonly members: MemberService,
    private readonly settings: SettingsService,
    private readonly config: SubscriptionConfig,
    private readonly now: () => number,
  ) {}

  preferencesOf(member: MemberRow): Preferences {
    return {
      email_subscription: member.email_subscription,
      sms_subscription: member.sms_subscription,
      do_not_call: member.do_not_call,
      unsubscribe_reasons: member.unsubscribe_reasons.split(",").filter(Boolean).map(Number),
      unsubscribe_reason_other: member.unsubscribe_reason_other,
    };
  }

  /**
   * Fields not sent keep their value; reasons are kept only while every channel is opted out, and
   * the words for "Other" only beside that reason (null clears them).
   * `viaLink`: the change came through an unsubscribe link rather than the member's session
   * (each consent change is recorded with where it was made).
   */
  async save(
    member: MemberRow,
    changes: Partial<Omit<Preferences, "unsubscribe_reason_other">> & {
      unsubscribe_reason_other?: string | null;
    },
    viaLink: boolean,
  ): Promise<Preferences> {
    const { unsubscribe_reason_other: otherWords, ...rest } = changes;
    // A field sent blank arrives as an undefined key: it keeps the stored value, like a field not sent.
    const sent = Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== undefined));
    const next: Preferences = { ...this.preferencesOf(member), ...sent };
    if (otherWords !== undefined) next.unsubscribe_reason_other = otherWords ?? "";
    const allOptedOut =
      next.email_subscription === 1 && next.sms_subscription === 1 && next.do_not_call === 1;
    if (!allOptedOut) next.unsubscribe_reasons = [];
    if (!next.unsubscribe_reasons.includes(OTHER_UNSUBSCRIBE_REASON_ID)) next.unsubscribe_reason_other = "";
    const updated = await this.members.setSubscriptions(
      member.id,
      next,
      viaLink ? "unsubscribe_link" : "preferences",
    );
    return this.preferencesOf(updated);
  }

  async issueLinkToken(memberId: number): Promise<string> {
    const expiresAt = Math.floor(this.now() / 1000) + this.config.linkTtlDays * 86_400;
    const body = Buffer.from(JSON.stringify({ m: memberId, e: expiresAt })).toString("base64url");
    return `${body}.${await this.sign(body)}`;
  }

  /** A member's unsubscribe link: the web app's preferences page with a signed token, and its days of life. */
  async unsubscribeLink(memberId: number): Promise<{ url: string; validDays: number }> {
    const token = await this.issueLinkToken(memberId);
    const base = this.config.publicUrl.replace(/\/+$/, "");
    return {
      url: `${base}/subscription-preferences?token=${encodeURIComponent(token)}`,
      validDays: this.config.linkTtlDays,
    };
  }

  /** The member of a valid, unexpired link token; 4010 otherwise. */
  async memberFromLinkToken(token: string): Promise<MemberRow> {
    const [body, signature, extra] = token.split(".");
    if (!body || !signature || extra !== undefined || !safeEqual(await this.sign(body), signature)) {
      throw new AppError(ErrorCode.unauthenticated);
    }
    const claims = JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as { m: number; e: number };
    const member = claims.e * 1000 > this.now() ? await this.members.findById(claims.m) : undefined;
    if (!member) throw new AppError(ErrorCode.unauthenticated);
    return member;
  }

  private async sign(body: string): Promise<string> {
    return createHmac("sha256", await this.loadSecret())
      .update(body)
      .digest("base64url");
  }

  private loadSecret(): Promise<string> {
    this.secret ??= this.settings.valueOrInitial(SECRET_KEY, randomBytes(32).toString("base64url"));
    return this.secret;
  }
}
