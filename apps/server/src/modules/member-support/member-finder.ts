import type { ConsoleMemberSummary, MEMBER_SEARCH_MATCHES } from "@hcoins/domain/api/console";
import type { FastifyBaseLogger } from "fastify";
import {
  type CoinSchemeClient,
  CoinSchemeRefusedError,
  CoinSchemeUnavailableError,
} from "../coins/coin-scheme-client.ts";
import type { DirectorySort, MemberDirectory } from "../members/member-directory.ts";
import type { MemberRow, MemberService } from "../members/service.ts";
import { searchKey, voucherCodeOf } from "./member-search.ts";
import { summary } from "./service.ts";

type Matched = (typeof MEMBER_SEARCH_MATCHES)[number];
export type FoundMember = ConsoleMemberSummary & { matched: Matched };

export interface SearchPage {
  page: number;
  pageSize: number;
  sort: DirectorySort;
  dir: "asc" | "desc";
}

/**
 * Customer service's search box. The text is first read as an exact key, each through an index:
 * a mobile number, an email, a member or H Coins number, a voucher code (the scheme names the
 * voucher's account) or a receipt number (the scheme names the accounts that hold it). Those
 * members come first; then the members whose name, email or numbers contain the text, a page
 * at a time, in the order asked. A scheme that cannot answer costs its two keys, never the search.
 */
export class MemberFinder {
  constructor(
    private readonly members: MemberService,
    private readonly directory: MemberDirectory,
    private readonly coinScheme: CoinSchemeClient,
    private readonly log: FastifyBaseLogger,
  ) {}

  async search(text: string, page: SearchPage): Promise<{ members: FoundMember[]; total: number }> {
    const exact = await this.exactMatches(text.trim());
    const start = (page.page - 1) * page.pageSize;
    const first = exact.slice(start, start + page.pageSize);
    const { rows, total } = await this.directory.containing(text.trim().toLowerCase(), {
      sort: page.sort,
      dir: page.dir,
      limit: page.pageSize - first.length,
      offset: Math.max(0, start - exact.length),
      except: exact.map((found) => found.id),
    });
    return {
      members: [...first, ...rows.map((row) => ({ ...summary(row), matched: "text" as const }))],
      total: exact.length + total,
    };
  }

  /** The members the text names exactly, each once, in the order of the keys above. */
  private async exactMatches(text: string): Promise<FoundMember[]> {
    const found: [Matched, MemberRow | undefined][] = [];
    const key = searchKey(text);
    if (key.kind === "phone") found.push(["phone", await this.members.findByPhone(key.prefix, key.phone)]);
    else if (key.kind === "email") found.push(["email", await this.members.findByEmail(key.email)]);
    else {
      found.push(["memberNo", await this.members.findByMemberNo(key.value)]);
      found.push(["hcoinsNo", await this.byHcoinsNumber(key.value)]);
    }
    const voucherCode = voucherCodeOf(text);
    if (voucherCode) found.push(["voucher", await this.byVoucher(voucherCode)]);
    // A receipt number has digits; a name does not need the scheme's round trip.
    if (/\d/.test(text)) for (const member of await this.byReceipt(text)) found.push(["receipt", member]);
    const seen = new Set<number>();
    const members: FoundMember[] = [];
    for (const [matched, member] of found) {
      if (!member || seen.has(member.id)) continue;
      seen.add(member.id);
      members.push({ ...summary(member), matched });
    }
    return members;
  }

  /** Linked on this side, or an account the scheme knows under that number whose phone is a member's. */
  private async byHcoinsNumber(hcoinsMemberNo: string): Promise<MemberRow | undefined> {
    const linked = await this.members.findByHcoinsMemberNo(hcoinsMemberNo);
    if (linked) return linked;
    const account = await this.askScheme(async () => {
      const lookup = await this.coinScheme.ledger(hcoinsMemberNo, { limit: 1 });
      return lookup.account;
    });
    return account ? this.members.findByPhone(account.mobile_phone_prefix, account.mobile_phone) : undefined;
  }

  private async byVoucher(code: string): Promise<MemberRow | undefined> {
    const voucher = await this.askScheme(async () => (await this.coinScheme.voucher(code)).voucher);
    return voucher ? this.byHcoinsNumber(voucher.hcoins_memberno) : undefined;
  }

  private async byReceipt(receiptNo: string): Promise<MemberRow[]> {
    const accounts = await this.askScheme(
      async () => (await this.coinScheme.accountsWithReceipt(receiptNo)).accounts,
    );
    const members: MemberRow[] = [];
    for (const account of accounts ?? []) {
      const member =
        (await this.members.findByHcoinsMemberNo(account.hcoins_memberno)) ??
        (await this.members.findByPhone(account.mobile_phone_prefix, account.mobile_phone));
      if (member) members.push(member);
    }
    return members;
  }

  /** The scheme's answer; undefined when it refused (no such voucher or account) or could not answer. */
  private async askScheme<T>(ask: () => Promise<T>): Promise<T | undefined> {
    try {
      return await ask();
    } catch (error) {
      if (error instanceof CoinSchemeUnavailableError)
        this.log.warn({ err: error }, "member search went on without the coin scheme");
      else if (!(error instanceof CoinSchemeRefusedError)) throw error;
      return undefined;
    }
  }
}
