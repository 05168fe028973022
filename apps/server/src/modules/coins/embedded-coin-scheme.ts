import type { Holder, ProfileFacts } from "@hcoins/coin-scheme/contract";
import type { CoinSchemeSettings, LowStockObserver, SchemeCounters } from "@hcoins/coin-scheme/embedded";
import { type CoinSchemeService, createCoinSchemeService, SchemeError } from "@hcoins/coin-scheme/embedded";
import type { CampaignDefinition } from "@hcoins/domain/campaign-rules";
import type { ExpiryPolicy } from "@hcoins/domain/ledger-rules";
import type { MissionDefinition } from "@hcoins/domain/mission-rules";
import type { SegmentCondition, SegmentDefinition } from "@hcoins/domain/segment-rules";
import type { TableViews } from "@hcoins/server-kit/database";
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

/**
 * The scheme in this process, on the member server's database, called directly as the API
 * client `client` (the name its ledger and links record). A refusal of the scheme becomes a
 * CoinSchemeRefusedError, anything else (its database down) a CoinSchemeUnavailableError,
 * exactly as over HTTP.
 */
export class EmbeddedCoinScheme implements CoinSchemeClient {
  readonly kind = "embedded";
  /** The scheme itself, whose API the member server also serves. */
  readonly scheme: CoinSchemeService;

  constructor(
    database: TableViews,
    settings: CoinSchemeSettings,
    now: () => number,
    /** The scheme's per-till counts, shared by this server's instances (create-coin-services.ts). */
    counters: SchemeCounters,
    /** Hears a reward's stock crossing its low-stock threshold (create-coin-services.ts logs and counts it). */
    lowStock?: LowStockObserver,
    private readonly client = "member-server",
  ) {
    this.scheme = createCoinSchemeService(database, settings, now, counters, lowStock);
  }

  findAccountByPhone(prefix: string, phone: string) {
    return this.call(() => this.scheme.accountByPhone(prefix, phone));
  }

  createAccount(input: AccountToCreate) {
    return this.call(() => this.scheme.createAccount({ ...input, client: this.client }));
  }

  linkAccount(hcoinsMemberNo: string, memberRef: string, birthMonth: number | null) {
    return this.call(() => this.scheme.link(hcoinsMemberNo, memberRef, this.client, birthMonth));
  }

  setBirthMonth(hcoinsMemberNo: string, month: number) {
    return this.call(() => this.scheme.setBirthMonth(hcoinsMemberNo, month));
  }

  correctBirthMonth(hcoinsMemberNo: string, month: number) {
    return this.call(() => this.scheme.correctBirthMonth(hcoinsMemberNo, month));
  }

  setProfileFacts(hcoinsMemberNo: string, memberRef: string, facts: ProfileFacts) {
    return this.call(() => this.scheme.setProfileFacts(hcoinsMemberNo, memberRef, facts));
  }

  accountsWithoutProfileFacts(after: string | null, limit: number) {
    return this.call(() => this.scheme.accountsWithoutProfileFacts(after, limit));
  }

  changePhone(hcoinsMemberNo: string, prefix: string, phone: string) {
    return this.call(() => this.scheme.changePhone(hcoinsMemberNo, prefix, phone));
  }

  ledger(hcoinsMemberNo: string, page?: LedgerPage) {
    return this.call(() => this.scheme.ledger(hcoinsMemberNo, page));
  }

  accountsWithReceipt(receiptNo: string) {
    return this.call(() => this.scheme.accountsWithReceipt(receiptNo));
  }

  balance(hcoinsMemberNo: string) {
    return this.call(() => this.scheme.balance(hcoinsMemberNo));
  }

  rewards(filter: { activeOnly: boolean; memberRef?: string }) {
    return this.call(() => this.scheme.rewards(filter));
  }

  reward(id: number, memberRef?: string) {
    return this.call(() => this.scheme.reward(id, memberRef));
  }

  saveReward(reward: RewardInput, id?: number) {
    // Absent is no alert, as over HTTP (the scheme's PUT replaces every field).
    const fields = { ...reward, lowStockThreshold: reward.lowStockThreshold ?? null };
    return this.call(() =>
      id === undefined ? this.scheme.createReward(fields) : this.scheme.replaceReward(id, fields),
    );
  }

  changeStock(id: number, delta: number) {
    return this.call(() => this.scheme.changeStock(id, delta));
  }

  redeem(redemption: Redemption) {
    return this.call(() => this.scheme.redeem({ ...redemption, client: this.client }));
  }

  vouchers(hcoinsMemberNo: string) {
    return this.call(() => this.scheme.vouchers(hcoinsMemberNo));
  }

  voucher(code: string) {
    return this.call(() => this.scheme.voucher(code));
  }

  cancelVoucher(code: string, operator: string, reason: string) {
    return this.call(() => this.scheme.cancelVoucher({ code, operator, reason, client: this.client }));
  }

  goodwillVoucher(goodwill: Goodwill) {
    return this.call(() => this.scheme.goodwillVoucher({ ...goodwill, client: this.client }));
  }

  recordReferral(referral: ReferralRecordInput) {
    return this.call(async () => ({ referral: await this.scheme.recordReferral(referral) }));
  }

  referralSettings() {
    return this.call(() => this.scheme.referralSettings());
  }

  setReferralSettings(settings: ReferralSettingsInput, operator: string) {
    return this.call(() => this.scheme.setReferralSettings(settings, operator));
  }

  referrals(filter: ReferralFilter, page: { limit: number; offset: number }) {
    return this.call(() => this.scheme.referrals(filter, page.limit, page.offset));
  }

  setSuspended(hcoinsMemberNo: string, suspended: boolean, operator: string) {
    return this.call(() => this.scheme.setSuspended(hcoinsMemberNo, suspended, operator));
  }

  adjust(adjustment: Adjustment) {
    return this.call(() => this.scheme.adjust({ ...adjustment, client: this.client }));
  }

  setStore(storeCode: string, partner: boolean, brandCode?: string | null) {
    return this.call(() => this.scheme.setStore(storeCode, partner, brandCode));
  }

  stores() {
    return this.call(() => this.scheme.stores());
  }

  expiryPolicy() {
    return this.call(() => this.scheme.expiryPolicy());
  }

  setExpiryPolicy(policy: ExpiryPolicy, operator: string) {
    return this.call(() => this.scheme.setExpiryPolicy(policy, operator));
  }

  previewExpiry(at?: number) {
    return this.call(() => this.scheme.previewExpiry(at));
  }

  checkLedger() {
    return this.call(() => this.scheme.checkLedger());
  }

  figures(from: string, to: string) {
    return this.call(() => this.scheme.figures(from, to));
  }

  figuresBreakdown(from: string, to: string) {
    return this.call(() => this.scheme.figuresBreakdown(from, to));
  }

  bonusDays() {
    return this.call(() => this.scheme.bonusDays());
  }

  tillKeys() {
    return this.call(() => this.scheme.tillKeys());
  }

  createTillKey(name: string, stores: readonly string[], operator: string) {
    return this.call(() => this.scheme.createTillKey({ name, stores, by: operator }));
  }

  setTillKeyStores(id: number, stores: readonly string[]) {
    return this.call(() => this.scheme.setTillKeyStores(id, stores));
  }

  revokeTillKey(id: number, operator: string) {
    return this.call(() => this.scheme.revokeTillKey(id, operator));
  }

  campaigns() {
    return this.call(() => this.scheme.campaigns());
  }

  campaign(id: number) {
    return this.call(() => this.scheme.campaign(id));
  }

  createCampaign(definition: CampaignDefinition, operator: string) {
    return this.call(() => this.scheme.createCampaign(definition, operator));
  }

  updateCampaign(id: number, definition: CampaignDefinition, operator: string) {
    return this.call(() => this.scheme.updateCampaign(id, definition, operator));
  }

  dryRunCampaign(definition: CampaignDefinition, days: number) {
    return this.call(() => this.scheme.dryRunCampaign(definition, days));
  }

  activateCampaign(id: number, operator: string, approver: string) {
    return this.call(() => this.scheme.activateCampaign(id, operator, approver));
  }

  pauseCampaign(id: number, operator: string) {
    return this.call(() => this.scheme.pauseCampaign(id, operator));
  }

  endCampaign(id: number, operator: string) {
    return this.call(() => this.scheme.endCampaign(id, operator));
  }

  missions() {
    return this.call(() => this.scheme.missions());
  }

  mission(id: number) {
    return this.call(() => this.scheme.mission(id));
  }

  createMission(definition: MissionDefinition, operator: string) {
    return this.call(() => this.scheme.createMission(definition, operator));
  }

  updateMission(id: number, definition: MissionDefinition, operator: string) {
    return this.call(() => this.scheme.updateMission(id, definition, operator));
  }

  activateMission(id: number, operator: string, approver: string) {
    return this.call(() => this.scheme.activateMission(id, operator, approver));
  }

  pauseMission(id: number, operator: string) {
    return this.call(() => this.scheme.pauseMission(id, operator));
  }

  endMission(id: number, operator: string) {
    return this.call(() => this.scheme.endMission(id, operator));
  }

  memberMissions(hcoinsMemberNo: string) {
    return this.call(() => this.scheme.memberMissions(hcoinsMemberNo));
  }

  segments() {
    return this.call(() => this.scheme.segments());
  }

  segment(id: number) {
    return this.call(() => this.scheme.segment(id));
  }

  createSegment(definition: SegmentDefinition, operator: string) {
    return this.call(() => this.scheme.createSegment(definition, operator));
  }

  updateSegment(id: number, definition: SegmentDefinition, operator: string) {
    return this.call(() => this.scheme.updateSegment(id, definition, operator));
  }

  removeSegment(id: number) {
    return this.call(() => this.scheme.removeSegment(id));
  }

  countSegment(conditions: SegmentCondition[]) {
    return this.call(() => this.scheme.countSegment(conditions));
  }

  tierLadder() {
    return this.call(() => this.scheme.tierLadder());
  }

  setTierLadder(ladder: TierLadderInput, operator: string) {
    const { window, review, tiers } = ladder;
    return this.call(() => this.scheme.setTierLadder({ rules: { window, review }, tiers }, operator));
  }

  accountTier(hcoinsMemberNo: string) {
    return this.call(() => this.scheme.accountTier(hcoinsMemberNo));
  }

  setAccountTier(hcoinsMemberNo: string, tierCode: string, operator: string) {
    return this.call(() => this.scheme.setAccountTier(hcoinsMemberNo, tierCode, operator));
  }

  holderData(holder: Holder) {
    return this.call(() => this.scheme.holderData(holder));
  }

  eraseHolder(holder: Holder, operator: string) {
    return this.call(() => this.scheme.eraseHolder(holder, { operator, client: this.client }));
  }

  private async call<T>(action: () => Promise<T>): Promise<T> {
    try {
      return await action();
    } catch (error) {
      if (error instanceof SchemeError)
        throw new CoinSchemeRefusedError(
          error.errorCode,
          error.message,
          fieldErrorsOf(error.details),
          error.details,
        );
      throw new CoinSchemeUnavailableError("failed", (error as Error)?.message ?? String(error), {
        cause: error,
      });
    }
  }
}
