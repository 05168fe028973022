import type { CoinSchemeSettings } from "@hcoins/coin-scheme/config";
import { SchemeError } from "@hcoins/coin-scheme/errors";
import type { Holder } from "@hcoins/coin-scheme/holders";
import { type CoinSchemeService, createCoinSchemeService } from "@hcoins/coin-scheme/service";
import type { TableViews } from "@hcoins/server-kit/database";
import {
  type CoinSchemeClient,
  CoinSchemeRefusedError,
  CoinSchemeUnavailableError,
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
    private readonly settings: CoinSchemeSettings,
    private readonly now: () => number,
    private readonly client = "member-server",
  ) {
    this.scheme = createCoinSchemeService(database, settings, now);
  }

  findAccountByPhone(prefix: string, phone: string) {
    return this.call(() => this.scheme.accountByPhone(prefix, phone));
  }

  createAccount(input: { prefix: string; phone: string; memberRef?: string }) {
    return this.call(() => this.scheme.createAccount({ ...input, client: this.client }));
  }

  linkAccount(hcoinsMemberNo: string, memberRef: string) {
    return this.call(() => this.scheme.link(hcoinsMemberNo, memberRef, this.client));
  }

  ledger(hcoinsMemberNo: string, limit?: number) {
    return this.call(() => this.scheme.ledger(hcoinsMemberNo, limit));
  }

  setPartnerStore(storeCode: string, partner: boolean) {
    return this.call(() => this.scheme.setPartnerStore(storeCode, partner));
  }

  bonusDays() {
    return this.call(() => this.scheme.bonusDays());
  }

  setBonusDay(date: string, multiplier: number) {
    return this.call(() => this.scheme.setBonusDay(date, multiplier));
  }

  removeBonusDay(date: string) {
    return this.call(() => this.scheme.removeBonusDay(date));
  }

  holderData(holder: Holder) {
    return this.call(() => this.scheme.holderData(holder));
  }

  eraseHolder(holder: Holder) {
    return this.call(() => this.scheme.eraseHolder(holder));
  }

  inTransaction(trx: TableViews): CoinSchemeClient {
    return new EmbeddedCoinScheme(trx, this.settings, this.now, this.client);
  }

  private async call<T>(action: () => Promise<T>): Promise<T> {
    try {
      return await action();
    } catch (error) {
      if (error instanceof SchemeError) throw new CoinSchemeRefusedError(error.errorCode, error.message);
      throw new CoinSchemeUnavailableError("failed", (error as Error)?.message ?? String(error), {
        cause: error,
      });
    }
  }
}
