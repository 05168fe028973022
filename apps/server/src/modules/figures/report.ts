import type { ConsoleFigures } from "@hcoins/domain/api/console-figures";
import { COIN_MOVEMENTS, GOODWILL_COLUMNS } from "@hcoins/domain/coin-figures";
import { programmeDate } from "@hcoins/domain/earn-rules";
import { figuresRange } from "@hcoins/domain/figures-range";
import type { FastifyBaseLogger } from "fastify";
import { validationError } from "../../errors.ts";
import {
  type CoinSchemeClient,
  CoinSchemeRefusedError,
  CoinSchemeUnavailableError,
} from "../coins/coin-scheme-client.ts";
import type { FiguresService } from "./service.ts";

const MOVEMENTS = [...COIN_MOVEMENTS, ...GOODWILL_COLUMNS];

/**
 * The figures page: the member server's daily counts beside the coin scheme's. The scheme is
 * another system; when it cannot answer, the counts still show and `coins` is null.
 */
export class FiguresReport {
  constructor(
    private readonly figures: FiguresService,
    private readonly coinScheme: CoinSchemeClient,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => number,
  ) {}

  /** The days asked for (missing ends filled in: figures-range.ts); 4000 naming the rule otherwise. */
  async show(asked: { from?: string | undefined; to?: string | undefined }): Promise<ConsoleFigures> {
    const range = figuresRange(asked, programmeDate(this.now()));
    if ("rule" in range) throw validationError([{ field: range.field, rule: range.rule }]);
    const { from, to } = range;
    const [counts, coins] = await Promise.all([this.figures.days(from, to), this.coins(from, to)]);
    const days = counts.map((count) => ({
      day: count.day,
      registrations: count.registrations,
      logins: count.logins,
      sms_sent: count["sms.sent"],
      sms_failed: count["sms.failed"],
    }));
    const total = (name: "registrations" | "logins" | "sms_sent" | "sms_failed") =>
      days.reduce((sum, one) => sum + one[name], 0);
    return {
      from,
      to,
      days,
      totals: {
        registrations: total("registrations"),
        logins: total("logins"),
        sms_sent: total("sms_sent"),
        sms_failed: total("sms_failed"),
      },
      coins,
    };
  }

  private async coins(from: string, to: string): Promise<ConsoleFigures["coins"]> {
    try {
      const figures = await this.coinScheme.figures(from, to);
      const totals = Object.fromEntries(
        MOVEMENTS.map((name) => [name, figures.days.reduce((sum, one) => sum + one[name], 0)]),
      ) as Record<(typeof MOVEMENTS)[number], number>;
      return { days: figures.days, totals, outstanding: figures.outstanding, accounts: figures.accounts };
    } catch (error) {
      if (error instanceof CoinSchemeUnavailableError || error instanceof CoinSchemeRefusedError) {
        this.log.warn({ err: error }, "coin figures not shown: the scheme did not answer");
        return null;
      }
      throw error;
    }
  }
}
