import { fail, mockApi, ok, type Reply } from "@hcoins/web-kit/testing/mock-api";
import { act, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { balanceAnswer, COIN_CALLS, reward, voucher } from "../../lib/coin-fixtures.ts";
import { translator } from "../../lib/i18n.ts";
import { session } from "../../lib/session.ts";
import { renderApp } from "../../lib/test-app.tsx";
import { Component as RewardPage } from "./reward-page.tsx";

const routes = [{ path: "/rewards/:id", Component: RewardPage }];
const redeemed = ok({ voucher: voucher(), balance: 11_845, duplicate: false });

beforeEach(() => session.setToken("member-token"));
afterEach(async () => {
  vi.unstubAllGlobals();
  await act(() => translator.changeLanguage("en"));
});

function rewardServer(redeem: Reply | Reply[], rewardReplies: Reply | Reply[] = ok({ reward: reward() })) {
  return mockApi({
    [COIN_CALLS.reward]: rewardReplies,
    [COIN_CALLS.balance]: ok(balanceAnswer()),
    [COIN_CALLS.redeem]: redeem,
    [COIN_CALLS.redeemSms]: ok({}),
    [COIN_CALLS.vouchers]: ok({ vouchers: [] }),
    [COIN_CALLS.rewards]: ok({ rewards: [] }),
  });
}

async function openConfirmation() {
  renderApp(routes, "/rewards/7");
  await userEvent.click(await screen.findByRole("button", { name: "Redeem" }));
  expect(screen.getByRole("heading", { name: "Confirm your redemption" })).toHaveFocus();
}

const passwordField = () => screen.getByLabelText("Your password");
const confirm = () => userEvent.click(screen.getByRole("button", { name: "Confirm and redeem" }));

describe("RewardPage", () => {
  it("shows the reward: picture, price, value, description, stores, validity, window and terms", async () => {
    rewardServer(
      redeemed,
      ok({
        reward: reward({
          stores: [{ store_code: "S001", name: { en: "Causeway Bay", tc: "銅鑼灣", sc: "铜锣湾" } }],
        }),
      }),
    );
    renderApp(routes, "/rewards/7");
    expect(
      await screen.findByRole("heading", { level: 1, name: "HK$50 e-gift voucher" }),
    ).toBeInTheDocument();
    expect(screen.getByRole("img", { name: "HK$50 e-gift voucher" })).toBeInTheDocument();
    expect(screen.getByText("500 H Coins")).toBeInTheDocument();
    expect(screen.getByText("Worth HK$50")).toBeInTheDocument();
    expect(screen.getByText("Spend it on anything in store.")).toBeInTheDocument();
    expect(screen.getByText("Causeway Bay")).toBeInTheDocument();
    expect(screen.getByText("30 days after redemption")).toBeInTheDocument();
    expect(screen.getByText("1 Nov 2026 to 31 Dec 2026")).toBeInTheDocument();
    expect(screen.getByText("One voucher per purchase.")).toBeInTheDocument();
  });

  it("redeems with the password after a confirmation of price and balance, and leads to the voucher", async () => {
    const api = rewardServer(redeemed);
    await openConfirmation();
    expect(screen.getByText("Balance after").nextElementSibling).toHaveTextContent("11,845 H Coins");
    await userEvent.type(passwordField(), "Secret123");
    await confirm();
    expect(await screen.findByRole("heading", { name: "Redeemed" })).toHaveFocus();
    expect(screen.getByText("HCV4-K7PQ-2M9X-8B3D")).toBeInTheDocument();
    expect(screen.getByText("Your balance is now 11,845 H Coins.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Show the voucher" })).toHaveAttribute(
      "href",
      "/vouchers/HCV4-K7PQ-2M9X-8B3D",
    );
    const [sent] = api.called(COIN_CALLS.redeem);
    expect(sent?.json).toEqual({
      reward_id: 7,
      idempotency_key: expect.stringMatching(/^[0-9a-f-]{36}$/),
      password: "Secret123",
    });
  });

  it("says how many attempts are left after a wrong password, clears it, and retries with the same key", async () => {
    const api = rewardServer([fail(400, 4230, "wrong", { attempts_remaining: 2 }), redeemed]);
    await openConfirmation();
    await userEvent.type(passwordField(), "Wrong123");
    await confirm();
    expect(
      await screen.findByText("The password is incorrect, please try again. 2 attempts left."),
    ).toBeInTheDocument();
    expect(passwordField()).toHaveValue("");
    await userEvent.type(passwordField(), "Secret123");
    await confirm();
    expect(await screen.findByRole("heading", { name: "Redeemed" })).toBeInTheDocument();
    const [first, second] = api.called(COIN_CALLS.redeem).map((call) => call.json?.idempotency_key);
    expect(second).toBe(first);
  });

  it("keeps the typed password when the scheme is down, and the retry sends the same key", async () => {
    const api = rewardServer([fail(503, 5030, "down"), redeemed]);
    await openConfirmation();
    await userEvent.type(passwordField(), "Secret123");
    await confirm();
    expect(
      await screen.findByText("The service is temporarily unavailable, please try again later."),
    ).toBeInTheDocument();
    expect(passwordField()).toHaveValue("Secret123");
    await confirm();
    expect(await screen.findByRole("heading", { name: "Redeemed" })).toBeInTheDocument();
    const keys = api.called(COIN_CALLS.redeem).map((call) => call.json?.idempotency_key);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });

  it("says when redeeming is busy, keeps the password, and the retry sends the same key", async () => {
    const api = rewardServer([fail(503, 5030, "busy", { reason: "busy", retry_after_seconds: 2 }), redeemed]);
    await openConfirmation();
    await userEvent.type(passwordField(), "Secret123");
    await confirm();
    expect(
      await screen.findByText(
        "Many members are redeeming right now. Nothing was spent: please try again in a moment.",
      ),
    ).toBeInTheDocument();
    expect(passwordField()).toHaveValue("Secret123");
    await confirm();
    expect(await screen.findByRole("heading", { name: "Redeemed" })).toBeInTheDocument();
    const keys = api.called(COIN_CALLS.redeem).map((call) => call.json?.idempotency_key);
    expect(keys[1]).toBe(keys[0]);
  });

  it("says why a balance below zero redeems nothing, and offers no Redeem button", async () => {
    mockApi({
      [COIN_CALLS.reward]: ok({ reward: reward() }),
      [COIN_CALLS.balance]: ok(balanceAnswer({ balance: -120 })),
    });
    renderApp(routes, "/rewards/7");
    expect(await screen.findByText(/A refund has taken your H Coins balance below zero/)).toBeInTheDocument();
    expect(screen.queryByText(/more H Coins to redeem/)).toBeNull();
    expect(screen.queryByRole("button", { name: "Redeem" })).toBeNull();
  });

  it("a new confirmation gets a new key", async () => {
    const api = rewardServer([fail(503, 5030, "down"), redeemed]);
    await openConfirmation();
    await userEvent.type(passwordField(), "Secret123");
    await confirm();
    await screen.findByText("The service is temporarily unavailable, please try again later.");
    await userEvent.click(screen.getByRole("button", { name: "Cancel" }));
    await userEvent.click(screen.getByRole("button", { name: "Redeem" }));
    await userEvent.type(passwordField(), "Secret123");
    await confirm();
    await screen.findByRole("heading", { name: "Redeemed" });
    const keys = api.called(COIN_CALLS.redeem).map((call) => call.json?.idempotency_key);
    expect(keys[1]).not.toBe(keys[0]);
  });

  it.each([
    [4231, "You do not have enough H Coins for this reward."],
    [4236, "A refund has taken your H Coins balance below zero, so rewards cannot be redeemed for now."],
    [4232, "Sorry, this reward has just run out."],
    [4233, "This reward is not available for redemption at the moment."],
    [4234, "You have already redeemed this reward as many times as allowed."],
  ])("closes the confirmation on %i and says why", async (code, message) => {
    rewardServer(fail(409, code, "refused"), [
      ok({ reward: reward() }),
      ok({ reward: reward({ stock: 0, state: "soldOut" }) }),
    ]);
    await openConfirmation();
    await userEvent.type(passwordField(), "Secret123");
    await confirm();
    expect(await screen.findByRole("alert")).toHaveTextContent(message);
    expect(screen.queryByRole("heading", { name: "Confirm your redemption" })).toBeNull();
    // The reward is asked for again: it shows what it is now.
    expect(await screen.findByText("Sold out")).toBeInTheDocument();
  });

  it("redeems with an SMS code sent to the member's number, with a resend countdown", async () => {
    const api = rewardServer(redeemed);
    await openConfirmation();
    await userEvent.type(passwordField(), "half-typed");
    await userEvent.click(screen.getByRole("button", { name: "Use an SMS code instead" }));
    expect(await screen.findByRole("button", { name: "Resend in 60 s" })).toBeDisabled();
    expect(api.called(COIN_CALLS.redeemSms)).toHaveLength(1);
    await userEvent.type(screen.getByLabelText("Verification code"), "12345");
    await confirm();
    expect(screen.getByText("The verification code has 6 digits")).toBeInTheDocument();
    expect(api.called(COIN_CALLS.redeem)).toHaveLength(0);
    await userEvent.type(screen.getByLabelText("Verification code"), "6");
    await confirm();
    expect(await screen.findByRole("heading", { name: "Redeemed" })).toBeInTheDocument();
    expect(api.called(COIN_CALLS.redeem)[0]?.json).toEqual({
      reward_id: 7,
      idempotency_key: expect.any(String),
      sms_token: "123456",
    });
  });

  it("waits as long as the server says when a code went out moments ago", async () => {
    const api = mockApi({
      [COIN_CALLS.reward]: ok({ reward: reward() }),
      [COIN_CALLS.balance]: ok(balanceAnswer()),
      [COIN_CALLS.redeemSms]: fail(429, 4203, "too soon", { retry_after_seconds: 42 }),
    });
    await openConfirmation();
    await userEvent.click(screen.getByRole("button", { name: "Use an SMS code instead" }));
    expect(
      await screen.findByText("Please wait a moment before requesting another verification code."),
    ).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Resend in 42 s" })).toBeDisabled();
    expect(api.called(COIN_CALLS.redeemSms)).toHaveLength(1);
  });

  it("goes back to the password when no code can be sent (4237), saying so", async () => {
    const api = mockApi({
      [COIN_CALLS.reward]: ok({ reward: reward() }),
      [COIN_CALLS.balance]: ok(balanceAnswer()),
      [COIN_CALLS.redeemSms]: fail(429, 4237, "no code", { retry_after_seconds: 3000 }),
      [COIN_CALLS.redeem]: redeemed,
      [COIN_CALLS.vouchers]: ok({ vouchers: [] }),
      [COIN_CALLS.rewards]: ok({ rewards: [] }),
    });
    await openConfirmation();
    await userEvent.click(screen.getByRole("button", { name: "Use an SMS code instead" }));
    expect(
      await screen.findByText(
        "We cannot send another redemption code right now. You can confirm with your password instead.",
      ),
    ).toBeInTheDocument();
    expect(passwordField()).toHaveFocus();
    expect(screen.queryByLabelText("Verification code")).toBeNull();
    // No code can be had for now: the SMS option is not offered again as a dead end.
    expect(screen.queryByRole("button", { name: "Use an SMS code instead" })).toBeNull();
    await userEvent.type(passwordField(), "Secret123");
    await confirm();
    expect(await screen.findByRole("heading", { name: "Redeemed" })).toBeInTheDocument();
    expect(api.called(COIN_CALLS.redeem)[0]?.json).toMatchObject({ password: "Secret123" });
  });

  it("says 4237 in tc and sc, naming the password", async () => {
    mockApi({
      [COIN_CALLS.reward]: ok({ reward: reward() }),
      [COIN_CALLS.balance]: ok(balanceAnswer()),
      [COIN_CALLS.redeemSms]: fail(429, 4237, "no code", { retry_after_seconds: 3000 }),
    });
    const texts = [
      ["tc", "換領", "改用短訊驗證碼", "暫時未能再發送換領驗證碼，你可改用密碼確認。"],
      ["sc", "兑换", "改用短信验证码", "暂时无法再发送兑换验证码，您可改用密码确认。"],
    ] as const;
    for (const [language, redeem, useSms, refusal] of texts) {
      await act(() => translator.changeLanguage(language));
      const { unmount } = renderApp(routes, "/rewards/7");
      await userEvent.click(await screen.findByRole("button", { name: redeem }));
      await userEvent.click(screen.getByRole("button", { name: useSms }));
      expect(await screen.findByText(refusal)).toBeInTheDocument();
      unmount();
    }
  });

  it("clears a wrong SMS code and keeps the confirmation open", async () => {
    rewardServer(fail(400, 4201, "bad code"));
    await openConfirmation();
    await userEvent.click(screen.getByRole("button", { name: "Use an SMS code instead" }));
    await userEvent.type(await screen.findByLabelText("Verification code"), "111111");
    await confirm();
    expect(await screen.findByText("Verification code invalid, Please try again.")).toBeInTheDocument();
    expect(screen.getByLabelText("Verification code")).toHaveValue("");
  });

  it("asks a visitor to log in, coming back to the reward", async () => {
    session.clearToken();
    rewardServer(redeemed);
    renderApp(routes, "/rewards/7");
    expect(await screen.findByRole("link", { name: "Log in to redeem" })).toHaveAttribute(
      "href",
      "/login?redirect=%2Frewards%2F7",
    );
  });

  it("speaks tc and sc in the confirmation", async () => {
    rewardServer(redeemed);
    await act(() => translator.changeLanguage("tc"));
    renderApp(routes, "/rewards/7");
    await userEvent.click(await screen.findByRole("button", { name: "換領" }));
    expect(screen.getByRole("heading", { name: "確認換領" })).toBeInTheDocument();
    expect(screen.getByText("換領後結餘")).toBeInTheDocument();
    await act(() => translator.changeLanguage("sc"));
    expect(screen.getByRole("heading", { name: "确认兑换" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "改用短信验证码" })).toBeInTheDocument();
  });
});
