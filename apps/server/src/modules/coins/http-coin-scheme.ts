import { randomUUID } from "node:crypto";
import {
  accountLookupResponse,
  accountsResponse,
  accountsWithoutProfileFactsResponse,
  accountTierResponse,
  balanceResponse,
  birthMonthResponse,
  bonusDaysResponse,
  COIN_SCHEME_PREFIX,
  campaignDryRunResponse,
  campaignResponse,
  campaignsResponse,
  coinFiguresBreakdownResponse,
  coinFiguresResponse,
  createAccountResponse,
  envelope,
  expiryPolicyResponse,
  expiryPreviewResponse,
  goodwillResponse,
  type Holder,
  holderAnonymiseResponse,
  holderExportResponse,
  ledgerCheckResponse,
  ledgerResponse,
  linkResponse,
  memberMissionsResponse,
  missionResponse,
  missionsResponse,
  type ProfileFacts,
  profileFactsResponse,
  redemptionResponse,
  referralListResponse,
  referralResponse,
  referralSettingsResponse,
  rewardResponse,
  rewardsResponse,
  segmentCountResponse,
  segmentRemoveResponse,
  segmentResponse,
  segmentsResponse,
  storeResponse,
  storesResponse,
  suspensionResponse,
  tierLadderResponse,
  tillKeyCreateResponse,
  tillKeyResponse,
  tillKeysResponse,
  transactionResponse,
  voucherCancelResponse,
  voucherResponse,
  vouchersResponse,
} from "@hcoins/coin-scheme/contract";
import type { CampaignDefinition } from "@hcoins/domain/campaign-rules";
import { formatCents } from "@hcoins/domain/earn-rules";
import { type ExpiryPolicy, formatExpiryPolicy } from "@hcoins/domain/ledger-rules";
import type { MissionDefinition } from "@hcoins/domain/mission-rules";
import type { SegmentCondition, SegmentDefinition } from "@hcoins/domain/segment-rules";
import type { z } from "zod";
import {
  type AccountToCreate,
  type Adjustment,
  type CoinSchemeClient,
  CoinSchemeRefusedError,
  CoinSchemeUnavailableError,
  fieldErrorsOf,
  type Goodwill,
  type LedgerPage,
  type Redemption,
  type ReferralFilter,
  type ReferralRecordInput,
  type ReferralSettingsInput,
  type RewardInput,
  type TierLadderInput,
} from "./coin-scheme-client.ts";

export interface HttpCoinSchemeOptions {
  /** The scheme's origin, e.g. http://coin-scheme.internal:4000 (paths /coin-scheme/v1/… are added). */
  url: string;
  apiKey: string;
  timeoutMs: number;
}

type Method = "GET" | "POST" | "PUT" | "DELETE";

const accountPath = (hcoinsMemberNo: string) => `/accounts/${encodeURIComponent(hcoinsMemberNo)}`;

const holderBody = (holder: Holder) => ({
  member_ref: holder.memberRef,
  mobile_phone_prefix: holder.prefix,
  mobile_phone: holder.phone,
});

const isoOrNull = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** A reward as the scheme's POST and PUT /rewards take it. */
const rewardBody = (reward: RewardInput) => ({
  kind: reward.kind,
  coins: reward.coins,
  ...(reward.stock === undefined ? {} : { stock: reward.stock }),
  value_amount: reward.valueCents === null ? null : formatCents(reward.valueCents),
  store_codes: reward.storeCodes,
  title: reward.title,
  description: reward.description,
  terms: reward.terms,
  image_url: reward.imageUrl,
  starts_at: isoOrNull(reward.startsAt),
  ends_at: isoOrNull(reward.endsAt),
  per_member_limit: reward.perMemberLimit,
  low_stock_threshold: reward.lowStockThreshold ?? null,
  voucher_valid_days: reward.voucherValidDays,
  active: reward.active,
  sort_order: reward.sortOrder,
  segment_id: reward.segmentId ?? null,
});

const isTimeout = (error: unknown) =>
  error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");

/**
 * The scheme's HTTP API. Each attempt is cut off after `timeoutMs`; a request that got
 * no answer at all (no connection, reset, timeout) is tried once more, which is safe
 * because every call the member server makes is a read or idempotent. An answer is
 * never retried: a refusal is reported, a 5xx or unreadable answer is "unavailable".
 */
export class HttpCoinScheme implements CoinSchemeClient {
  readonly kind = "http";
  private readonly base: string;

  constructor(private readonly options: HttpCoinSchemeOptions) {
    this.base = `${options.url.replace(/\/+$/, "")}${COIN_SCHEME_PREFIX}`;
  }

  async findAccountByPhone(prefix: string, phone: string) {
    const query = new URLSearchParams({ mobile_phone_prefix: prefix, mobile_phone: phone });
    return (await this.request("GET", `/accounts?${query}`, accountLookupResponse)).account;
  }

  createAccount(input: AccountToCreate) {
    return this.request("POST", "/accounts", createAccountResponse, {
      mobile_phone_prefix: input.prefix,
      mobile_phone: input.phone,
      ...(input.memberRef === undefined ? {} : { member_ref: input.memberRef }),
      ...(input.birthMonth == null ? {} : { birth_month: input.birthMonth }),
    });
  }

  linkAccount(hcoinsMemberNo: string, memberRef: string, birthMonth: number | null) {
    return this.request("POST", `/accounts/${encodeURIComponent(hcoinsMemberNo)}/link`, linkResponse, {
      member_ref: memberRef,
      ...(birthMonth === null ? {} : { birth_month: birthMonth }),
    });
  }

  setBirthMonth(hcoinsMemberNo: string, month: number) {
    return this.request(
      "PUT",
      `/accounts/${encodeURIComponent(hcoinsMemberNo)}/birth-month`,
      birthMonthResponse,
      {
        birth_month: month,
      },
    );
  }

  correctBirthMonth(hcoinsMemberNo: string, month: number) {
    return this.request(
      "PUT",
      `/accounts/${encodeURIComponent(hcoinsMemberNo)}/birth-month/correction`,
      birthMonthResponse,
      { birth_month: month },
    );
  }

  setProfileFacts(hcoinsMemberNo: string, memberRef: string, facts: ProfileFacts) {
    return this.request("PUT", `${accountPath(hcoinsMemberNo)}/profile-facts`, profileFactsResponse, {
      member_ref: memberRef,
      profile_facts: facts,
    });
  }

  accountsWithoutProfileFacts(after: string | null, limit: number) {
    const query = new URLSearchParams({ limit: String(limit), ...(after === null ? {} : { after }) });
    return this.request(
      "GET",
      `/accounts/without-profile-facts?${query}`,
      accountsWithoutProfileFactsResponse,
    );
  }

  async changePhone(hcoinsMemberNo: string, prefix: string, phone: string) {
    const { account } = await this.request(
      "PUT",
      `/accounts/${encodeURIComponent(hcoinsMemberNo)}/mobile-phone`,
      accountLookupResponse,
      { mobile_phone_prefix: prefix, mobile_phone: phone },
    );
    if (!account) throw new Error("the coin scheme answered no account for a number change");
    return account;
  }

  /** With a key of its own, so that the retry of a request that got no answer credits nothing twice. */
  adjust(adjustment: Adjustment) {
    return this.request(
      "POST",
      `/accounts/${encodeURIComponent(adjustment.hcoinsMemberNo)}/adjustments`,
      transactionResponse,
      {
        coins: adjustment.coins,
        reason: adjustment.reason,
        operator: adjustment.operator,
        allow_negative: adjustment.allowNegative,
        idempotency_key: adjustment.key ?? randomUUID(),
      },
    );
  }

  stores() {
    return this.request("GET", "/stores", storesResponse);
  }

  expiryPolicy() {
    return this.request("GET", "/expiry-policy", expiryPolicyResponse);
  }

  setExpiryPolicy(policy: ExpiryPolicy, operator: string) {
    return this.request("PUT", "/expiry-policy", expiryPolicyResponse, {
      policy: formatExpiryPolicy(policy),
      operator,
    });
  }

  previewExpiry(at?: number) {
    const query = at === undefined ? "" : `?${new URLSearchParams({ at: new Date(at).toISOString() })}`;
    return this.request("GET", `/expiry/preview${query}`, expiryPreviewResponse);
  }

  checkLedger() {
    return this.request("GET", "/ledger-check", ledgerCheckResponse);
  }

  figures(from: string, to: string) {
    return this.request("GET", `/figures?${new URLSearchParams({ from, to })}`, coinFiguresResponse);
  }

  figuresBreakdown(from: string, to: string) {
    return this.request(
      "GET",
      `/figures/breakdown?${new URLSearchParams({ from, to })}`,
      coinFiguresBreakdownResponse,
    );
  }

  ledger(hcoinsMemberNo: string, page: LedgerPage = {}) {
    const query = new URLSearchParams({ limit: String(page.limit ?? 50), offset: String(page.offset ?? 0) });
    const filters: [string, string | number | undefined][] = [
      ["kind", page.kind],
      ["from", page.from === undefined ? undefined : new Date(page.from).toISOString()],
      ["to", page.to === undefined ? undefined : new Date(page.to).toISOString()],
      ["store_code", page.storeCode],
      ["receipt_no", page.receiptNo],
      ["order", page.order],
    ];
    for (const [name, value] of filters) if (value !== undefined) query.set(name, String(value));
    return this.request("GET", `${accountPath(hcoinsMemberNo)}/ledger?${query}`, ledgerResponse);
  }

  accountsWithReceipt(receiptNo: string) {
    return this.request("GET", `/receipts/${encodeURIComponent(receiptNo)}/accounts`, accountsResponse);
  }

  balance(hcoinsMemberNo: string) {
    return this.request("GET", `${accountPath(hcoinsMemberNo)}/balance`, balanceResponse);
  }

  rewards(filter: { activeOnly: boolean; memberRef?: string }) {
    const query = new URLSearchParams({ active_only: String(filter.activeOnly) });
    if (filter.memberRef !== undefined) query.set("member_ref", filter.memberRef);
    return this.request("GET", `/rewards?${query}`, rewardsResponse);
  }

  reward(id: number, memberRef?: string) {
    const query = memberRef === undefined ? "" : `?${new URLSearchParams({ member_ref: memberRef })}`;
    return this.request("GET", `/rewards/${id}${query}`, rewardResponse);
  }

  /**
   * A create that got no answer is sent once more (send()), which may add a second reward; an
   * operator sees both in the catalogue and deactivates one. A replace is idempotent.
   */
  saveReward(reward: RewardInput, id?: number) {
    return id === undefined
      ? this.request("POST", "/rewards", rewardResponse, rewardBody(reward))
      : this.request("PUT", `/rewards/${id}`, rewardResponse, rewardBody({ ...reward, stock: undefined }));
  }

  changeStock(id: number, delta: number) {
    return this.request("POST", `/rewards/${id}/stock`, rewardResponse, { change: delta });
  }

  /** The member's key makes the retry of a request that got no answer redeem nothing twice. */
  redeem(redemption: Redemption) {
    return this.request("POST", `${accountPath(redemption.hcoinsMemberNo)}/redemptions`, redemptionResponse, {
      reward_id: redemption.rewardId,
      idempotency_key: redemption.key,
    });
  }

  vouchers(hcoinsMemberNo: string) {
    return this.request("GET", `${accountPath(hcoinsMemberNo)}/vouchers`, vouchersResponse);
  }

  voucher(code: string) {
    return this.request("GET", `/vouchers/${encodeURIComponent(code)}`, voucherResponse);
  }

  goodwillVoucher(goodwill: Goodwill) {
    return this.request(
      "POST",
      `${accountPath(goodwill.hcoinsMemberNo)}/goodwill-vouchers`,
      goodwillResponse,
      {
        reward_id: goodwill.rewardId,
        operator: goodwill.operator,
        idempotency_key: goodwill.key,
      },
    );
  }

  setSuspended(hcoinsMemberNo: string, suspended: boolean, operator: string) {
    return this.request("PUT", `${accountPath(hcoinsMemberNo)}/suspension`, suspensionResponse, {
      suspended,
      operator,
    });
  }

  /** Sent twice (a retry after a lost answer) the second is refused (6027): it changes nothing twice. */
  cancelVoucher(code: string, operator: string, reason: string) {
    return this.request("POST", `/vouchers/${encodeURIComponent(code)}/cancel`, voucherCancelResponse, {
      operator,
      reason,
    });
  }

  recordReferral(referral: ReferralRecordInput) {
    return this.request("POST", "/referrals", referralResponse, {
      referrer_member_ref: referral.referrerMemberRef,
      referred_member_ref: referral.referredMemberRef,
      phone_hash: referral.phoneHash,
      device_hash: referral.deviceHash,
    });
  }

  referralSettings() {
    return this.request("GET", "/referral-settings", referralSettingsResponse);
  }

  setReferralSettings(settings: ReferralSettingsInput, operator: string) {
    return this.request("PUT", "/referral-settings", referralSettingsResponse, {
      active: settings.active,
      referrer_reward_id: settings.referrerRewardId,
      referred_reward_id: settings.referredRewardId,
      min_net_amount: formatCents(settings.minNetCents),
      cap_per_referrer: settings.capPerReferrer,
      operator,
    });
  }

  referrals(filter: ReferralFilter, page: { limit: number; offset: number }) {
    const query = new URLSearchParams({ limit: String(page.limit), offset: String(page.offset) });
    if (filter.state !== undefined) query.set("state", filter.state);
    if (filter.hcoinsMemberNo !== undefined) query.set("hcoins_memberno", filter.hcoinsMemberNo);
    return this.request("GET", `/referrals?${query}`, referralListResponse);
  }

  setStore(storeCode: string, partner: boolean, brandCode?: string | null) {
    return this.request("PUT", `/stores/${encodeURIComponent(storeCode)}`, storeResponse, {
      partner_property: partner,
      ...(brandCode === undefined ? {} : { brand_code: brandCode }),
    });
  }

  bonusDays() {
    return this.request("GET", "/bonus-days", bonusDaysResponse);
  }

  tillKeys() {
    return this.request("GET", "/till-keys", tillKeysResponse);
  }

  /**
   * A create that got no answer is sent once more (send()); if the first did arrive, the second is
   * refused as a name taken (6029) and its key was never shown: the operator revokes it and makes another.
   */
  createTillKey(name: string, stores: readonly string[], operator: string) {
    return this.request("POST", "/till-keys", tillKeyCreateResponse, { name, stores, operator });
  }

  setTillKeyStores(id: number, stores: readonly string[]) {
    return this.request("PUT", `/till-keys/${id}/stores`, tillKeyResponse, { stores });
  }

  /** Sent twice (a retry after a lost answer) the second is refused (6031): it changes nothing twice. */
  revokeTillKey(id: number, operator: string) {
    return this.request("POST", `/till-keys/${id}/revoke`, tillKeyResponse, { operator });
  }

  campaigns() {
    return this.request("GET", "/campaigns", campaignsResponse);
  }

  campaign(id: number) {
    return this.request("GET", `/campaigns/${id}`, campaignResponse);
  }

  /** A create that got no answer is sent once more (send()): at worst a second draft, which the operator ends. */
  createCampaign(definition: CampaignDefinition, operator: string) {
    return this.request("POST", "/campaigns", campaignResponse, { ...definition, operator });
  }

  updateCampaign(id: number, definition: CampaignDefinition, operator: string) {
    return this.request("PUT", `/campaigns/${id}`, campaignResponse, { ...definition, operator });
  }

  dryRunCampaign(definition: CampaignDefinition, days: number) {
    return this.request("POST", "/campaigns/dry-run", campaignDryRunResponse, { campaign: definition, days });
  }

  /** Sent twice, the second answers the active campaign unchanged. */
  activateCampaign(id: number, operator: string, approver: string) {
    return this.request("POST", `/campaigns/${id}/activate`, campaignResponse, { operator, approver });
  }

  pauseCampaign(id: number, operator: string) {
    return this.request("POST", `/campaigns/${id}/pause`, campaignResponse, { operator });
  }

  endCampaign(id: number, operator: string) {
    return this.request("POST", `/campaigns/${id}/end`, campaignResponse, { operator });
  }

  tierLadder() {
    return this.request("GET", "/tiers", tierLadderResponse);
  }

  setTierLadder(ladder: TierLadderInput, operator: string) {
    return this.request("PUT", "/tiers", tierLadderResponse, {
      window: ladder.window,
      review_rule: ladder.review.rule,
      ...(ladder.review.rule === "fixed_date" ? { review_date: ladder.review.date } : {}),
      tiers: ladder.tiers.map((tier) => ({
        code: tier.code,
        name: tier.name,
        benefits: tier.benefits,
        qualifying_amount: formatCents(tier.qualifyingCents),
        multiplier: String(tier.multiplier / 100),
        reward_id: tier.rewardId,
      })),
      operator,
    });
  }

  missions() {
    return this.request("GET", "/missions", missionsResponse);
  }

  mission(id: number) {
    return this.request("GET", `/missions/${id}`, missionResponse);
  }

  createMission(definition: MissionDefinition, operator: string) {
    return this.request("POST", "/missions", missionResponse, { ...definition, operator });
  }

  updateMission(id: number, definition: MissionDefinition, operator: string) {
    return this.request("PUT", `/missions/${id}`, missionResponse, { ...definition, operator });
  }

  /** Sent twice, the second answers the active mission unchanged. */
  activateMission(id: number, operator: string, approver: string) {
    return this.request("POST", `/missions/${id}/activate`, missionResponse, { operator, approver });
  }

  pauseMission(id: number, operator: string) {
    return this.request("POST", `/missions/${id}/pause`, missionResponse, { operator });
  }

  endMission(id: number, operator: string) {
    return this.request("POST", `/missions/${id}/end`, missionResponse, { operator });
  }

  memberMissions(hcoinsMemberNo: string) {
    return this.request("GET", `${accountPath(hcoinsMemberNo)}/missions`, memberMissionsResponse);
  }

  segments() {
    return this.request("GET", "/segments", segmentsResponse);
  }

  segment(id: number) {
    return this.request("GET", `/segments/${id}`, segmentResponse);
  }

  createSegment(definition: SegmentDefinition, operator: string) {
    return this.request("POST", "/segments", segmentResponse, { ...definition, operator });
  }

  updateSegment(id: number, definition: SegmentDefinition, operator: string) {
    return this.request("PUT", `/segments/${id}`, segmentResponse, { ...definition, operator });
  }

  async removeSegment(id: number) {
    await this.request("DELETE", `/segments/${id}`, segmentRemoveResponse);
  }

  countSegment(conditions: SegmentCondition[]) {
    return this.request("POST", "/segments/count", segmentCountResponse, { conditions });
  }

  accountTier(hcoinsMemberNo: string) {
    return this.request("GET", `${accountPath(hcoinsMemberNo)}/tier`, accountTierResponse);
  }

  setAccountTier(hcoinsMemberNo: string, tierCode: string, operator: string) {
    return this.request("PUT", `${accountPath(hcoinsMemberNo)}/tier`, accountTierResponse, {
      tier_code: tierCode,
      operator,
    });
  }

  holderData(holder: Holder) {
    return this.request("POST", "/holders/export", holderExportResponse, holderBody(holder));
  }

  /** Safe to send twice (the retry of a request that got no answer): the scheme's erase is idempotent. */
  eraseHolder(holder: Holder, operator: string) {
    return this.request("POST", "/holders/erase", holderAnonymiseResponse, {
      ...holderBody(holder),
      operator,
    });
  }

  private async request<S extends z.ZodType>(
    method: Method,
    path: string,
    payloadSchema: S,
    body?: unknown,
  ): Promise<z.infer<S>> {
    const url = `${this.base}${path}`;
    const { status, text } = await this.send(method, url, body);
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new CoinSchemeUnavailableError("failed", `${method} ${path}: HTTP ${status}, not JSON`);
    }
    if (status === 200) {
      const parsed = envelope(payloadSchema).safeParse(json);
      if (parsed.success) return (parsed.data as { payload: z.infer<S> }).payload;
      throw new CoinSchemeUnavailableError("failed", `${method} ${path}: unexpected answer`);
    }
    const errorCode = (json as { error_code?: unknown } | null)?.error_code;
    // A 4xx other than a bad key is the scheme's considered refusal; 401/403 and 5xx mean it cannot serve us,
    // except a 503 that says its redemptions are all busy (its bulkhead): a refusal to try again shortly,
    // and a 403 with one of the scheme's own codes (6000 up, e.g. 6042 a campaign's approver not a
    // second operator): a refusal of what was asked, not of our key.
    const busy =
      status === 503 && (json as { payload?: { reason?: unknown } } | null)?.payload?.reason === "busy";
    const refusedAsked = status === 403 && typeof errorCode === "number" && errorCode >= 6000;
    const refusal = status >= 400 && status < 500 && status !== 401 && (status !== 403 || refusedAsked);
    if ((refusal || busy) && typeof errorCode === "number") {
      const message = (json as { error_message?: unknown }).error_message;
      const payload = (json as { payload?: unknown }).payload;
      throw new CoinSchemeRefusedError(
        errorCode,
        typeof message === "string" ? message : `HTTP ${status}`,
        fieldErrorsOf(payload),
        typeof payload === "object" && payload !== null ? (payload as Record<string, unknown>) : {},
      );
    }
    throw new CoinSchemeUnavailableError("failed", `${method} ${path}: HTTP ${status}`);
  }

  /** One attempt, and a second when the first got no answer at all. */
  private async send(method: Method, url: string, body: unknown): Promise<{ status: number; text: string }> {
    const headers: Record<string, string> = { "x-api-key": this.options.apiKey, accept: "application/json" };
    if (body !== undefined) headers["content-type"] = "application/json";
    let lastError: unknown;
    for (let attempt = 1; attempt <= 2; attempt += 1) {
      try {
        const response = await fetch(url, {
          method,
          headers,
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
          signal: AbortSignal.timeout(this.options.timeoutMs),
        });
        return { status: response.status, text: await response.text() };
      } catch (error) {
        lastError = error;
      }
    }
    const reason = isTimeout(lastError) ? "timeout" : "unreachable";
    throw new CoinSchemeUnavailableError(reason, `${method} ${url}: ${(lastError as Error)?.message}`, {
      cause: lastError,
    });
  }
}
