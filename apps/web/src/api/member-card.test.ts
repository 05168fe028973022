import type { UserInfo } from "@hcoins/domain/api/profile";
import { fail, mockApi, ok } from "@hcoins/web-kit/testing/mock-api";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { balanceAnswer } from "../lib/coin-fixtures.ts";
import { queryClient } from "../lib/query-client.ts";
import { session } from "../lib/session.ts";
import { call } from "./client.ts";
import { keptCard } from "./member-card.ts";
import { keepBalance, keptBalance } from "./member-coins.ts";
import { keepUser, loadUser } from "./profile.ts";

const member = {
  id: 42,
  member_no: "M000123",
  first_name: "Tai Man",
  last_name: "Chan",
  email: "tm@example.com",
  mobile_phone: "91234567",
  mobile_phone_prefix: "852",
  birthday_month: 7,
} as UserInfo;

const PROFILE = "GET /crm/user/profile";
const card = { id: 42, memberNo: "M000123", birthdayMonth: 7 };

/** Everything this origin keeps on the device, as text: no trace of the member may stay. */
const deviceStorage = () => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage });

beforeEach(() => {
  queryClient.clear();
  session.setToken("member-token");
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the member card kept on this device", () => {
  it("is kept from each user info the app loads: the QR code's facts and nothing more", async () => {
    mockApi({ [PROFILE]: ok(member) });
    await loadUser();
    expect(keptCard()).toEqual(card);
    const stored = deviceStorage();
    for (const personal of ["Tai Man", "Chan", "tm@example.com", "91234567"])
      expect(stored).not.toContain(personal);
  });

  it("follows a saved profile", () => {
    keepUser({ ...member, member_no: "M000999", birthday_month: 3 });
    expect(keptCard()).toEqual({ id: 42, memberNo: "M000999", birthdayMonth: 3 });
  });

  it("is not read back when it is not a card (another version's, or tampered)", () => {
    localStorage.setItem("member:card", JSON.stringify({ id: "42" }));
    expect(keptCard()).toBeNull();
    localStorage.setItem("member:card", "{not json");
    expect(keptCard()).toBeNull();
  });

  it("goes at logout, with the kept balance: nothing of the member stays on the device", async () => {
    mockApi({ [PROFILE]: ok(member) });
    await loadUser();
    keepBalance(42, balanceAnswer({ balance: 900 }));
    session.clearToken();
    expect(keptCard()).toBeNull();
    expect(keptBalance(42)).toBeNull();
    expect(deviceStorage()).not.toContain("M000123");
    expect(deviceStorage()).not.toContain("900");
  });

  it("goes when the server ends the session (401)", async () => {
    keepUser(member);
    keepBalance(42, balanceAnswer({ balance: 900 }));
    mockApi({ [PROFILE]: fail(401, 401, "token expired") });
    await expect(call("profile")).rejects.toMatchObject({ status: 401 });
    expect(session.getToken()).toBeNull();
    expect(keptCard()).toBeNull();
    expect(keptBalance(42)).toBeNull();
  });

  it("is not handed to another session on this device, and stays with its own", () => {
    keepUser(member);
    session.setToken("member-token");
    expect(keptCard()).toEqual(card);
    session.setToken("another-members-token");
    expect(keptCard()).toBeNull();
  });
});
