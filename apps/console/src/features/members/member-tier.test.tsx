import { ok } from "@hcoins/web-kit/testing/mock-api";
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { mockApi, renderConsole, session } from "../../lib/test-app.tsx";
import { memberLedger } from "./ledger-fixtures.ts";
import { memberDetail } from "./member-fixtures.ts";

const name = (en: string, tc: string, sc: string) => ({ en, tc, sc });

describe("a member's tier on their page", () => {
  it("shows the tier, the spend, the way to the next and every change with who made it", async () => {
    mockApi({
      "GET /session": session("customerService"),
      "GET /members/42": ok(memberDetail()),
      "GET /members/42/ledger": ok(memberLedger()),
      "GET /members/42/tier": ok({
        tier: { code: "silver", name: name("Silver", "銀卡", "银卡"), multiplier: "1.5" },
        spend_amount: "5500.00",
        next: { code: "gold", name: name("Gold", "金卡", "金卡"), spend_needed_amount: "14500.00" },
        review_at: "2027-08-19T16:00:00.000Z",
        history: [
          {
            reason: "upgrade",
            from_code: "green",
            to_code: "silver",
            spend_amount: "5500.00",
            actor: "requalify-tiers",
            created_at: "2026-08-20T04:00:00.000Z",
          },
        ],
      }),
    });
    renderConsole("/members/42");
    expect(
      await screen.findByText(
        "Silver (×1.5). Qualifying spend HK$5500.00. HK$14500.00 more to reach Gold.",
        {},
        { timeout: 5000 },
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole("cell", { name: "Moved up" })).toBeInTheDocument();
    expect(screen.getByRole("cell", { name: "green → silver (HK$5500.00)" })).toBeInTheDocument();
    expect(screen.getByRole("cell", { name: "requalify-tiers" })).toBeInTheDocument();
  });
});
