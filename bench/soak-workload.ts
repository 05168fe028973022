import { memberQrText } from "@hcoins/domain/member-qr";
import { validRegistration } from "../apps/server/src/testing/flows.ts";
import { httpCall } from "../apps/server/src/testing/http-call.ts";
import type { SmsGateway } from "../apps/server/src/testing/sms-gateway.ts";
import type { CallStats } from "./soak-stats.ts";

/**
 * The load run's members and the mix of calls they make: what a member does on the web
 * app (checks, login, profile, the QR page) on whichever instance the balancer picks, and
 * what a till does with the member's QR code (earn, on the coin scheme's own API).
 */
export interface SoakMember {
  phone: string;
  /** The member's address as the balancer forwards it (X-Forwarded-For). */
  client: string;
  token: string;
  password: string;
  memberNo: string;
  id: number;
  birthdayMonth: number | null;
  hcoinsMemberNo: string | null;
  /** Coins the scheme said each purchase earned, summed: compared with its ledger at the end. */
  earned: number;
}

export interface SoakTarget {
  servers: string[];
  scheme: string;
  tillKey: string;
}

/** Registers a member through the API (code on one instance, the rest on the other) and links H Coins. */
export async function seedMember(
  target: SoakTarget,
  gateway: SmsGateway,
  phone: string,
  client: string,
  first: number,
): Promise<SoakMember> {
  const [a, b] = [target.servers[first % 2] as string, target.servers[(first + 1) % 2] as string];
  const number = { mobile_phone_prefix: "852", mobile_phone: phone };
  const sent = await httpCall(a, "POST", "/crm/registration/request-sms-token", { body: number, client });
  if (sent.status !== 200) throw new Error(`request-sms-token ${phone}: ${JSON.stringify(sent.body)}`);
  const sms_token = gateway.latestCode("852", phone);
  const verified = await httpCall(b, "POST", "/crm/registration/register-token-status", {
    body: { ...number, sms_token },
    client,
  });
  if (verified.status !== 200)
    throw new Error(`register-token-status ${phone}: ${JSON.stringify(verified.body)}`);
  const payload = { ...validRegistration(phone), birthday_month: (first % 12) + 1 };
  const registered = await httpCall(a, "POST", "/crm/registration/register-with-mobile", {
    body: { ...payload, sms_token },
    client,
  });
  if (registered.status !== 200) throw new Error(`register ${phone}: ${JSON.stringify(registered.body)}`);
  const token = registered.body.payload.access_token as string;
  const linked = await httpCall(b, "POST", `${COINS}/hcoin-create`, { body: {}, token, client });
  if (linked.body?.code !== 200) throw new Error(`hcoin-create ${phone}: ${JSON.stringify(linked.body)}`);
  const user = registered.body.payload.user;
  return {
    phone,
    client,
    token,
    password: payload.password,
    memberNo: user.member_no,
    id: user.id,
    birthdayMonth: user.birthday_month,
    hcoinsMemberNo: linked.body.payload.hcoins_memberno,
    earned: 0,
  };
}

const COINS = "/custom-api/custom/cuapp/customer";
/** The stores the soak's till earns at (registered with the scheme and named in its key by soak.ts). */
export const SOAK_STORES = ["SOAK0", "SOAK1", "SOAK2", "SOAK3", "SOAK4"];
const FIRST_NAMES = ["Tai Man", "Siu Ming", "Ka Yan", "Wing Sze", "Chi Keung"];

type Check = (status: number, contentType: string, text: string) => string | null;

/** One request, timed until its body has arrived, and checked: a string names what was wrong. */
async function timed(
  stats: CallStats,
  call: string,
  url: string,
  init: RequestInit,
  check: Check,
  // biome-ignore lint/suspicious/noExplicitAny: envelopes are read freely
): Promise<any> {
  const started = performance.now();
  let problem: string | null;
  let text = "";
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) });
    text = await response.text();
    problem = check(response.status, response.headers.get("content-type") ?? "", text);
  } catch (error) {
    problem = (error as Error).name === "TimeoutError" ? "no answer within 10 s" : String(error);
  }
  stats.record(call, new URL(url).origin, performance.now() - started, problem);
  if (problem) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** HTTP 200 with the contract's envelope and the expected `code` (the custom API's domain codes included). */
const envelope =
  (code: number, payloadCheck?: (payload: Record<string, unknown>) => string | null): Check =>
  (status, contentType, text) => {
    if (status !== 200) return `HTTP ${status} ${text.slice(0, 120)}`;
    if (!contentType.startsWith("application/json")) return `content-type ${contentType}`;
    const body = JSON.parse(text);
    if (body.code !== code) return `code ${body.code}`;
    if (typeof body.payload !== "object" || body.payload === null) return "no payload";
    return payloadCheck?.(body.payload) ?? null;
  };

const htmlPage: Check = (status, contentType, text) => {
  if (status !== 200) return `HTTP ${status}`;
  if (!contentType.startsWith("text/html")) return `content-type ${contentType}`;
  return text.includes('<div id="root"') ? null : "not the web app's page";
};

export function workload(target: SoakTarget, members: SoakMember[], stats: CallStats) {
  let turn = 0;
  let receipt = 0;
  /** Round-robin over the instances, as the balancer does. */
  const server = () => target.servers[turn++ % target.servers.length] as string;
  const pick = () => members[Math.floor(Math.random() * members.length)] as SoakMember;
  const headers = (member: SoakMember, token: string | null, json: boolean) => ({
    authorization: `Bearer web:${token ?? "guest"}`,
    "x-forwarded-for": member.client,
    ...(json ? { "content-type": "application/json" } : {}),
  });
  const post = (member: SoakMember, token: string | null, body: unknown): RequestInit => ({
    method: "POST",
    headers: headers(member, token, true),
    body: JSON.stringify(body),
  });
  const number = (member: SoakMember) => ({ mobile_phone_prefix: "852", mobile_phone: member.phone });

  /** [weight, what one visit does]; a visit may make several calls (the QR page and its call). */
  const visits: [number, () => Promise<void>][] = [
    [
      15,
      async () => {
        const member = pick();
        await timed(
          stats,
          "POST CheckPhone (member)",
          `${server()}/custom-api/api/Member/CheckPhone`,
          post(member, null, number(member)),
          envelope(40006),
        );
      },
    ],
    [
      5,
      async () => {
        const member = pick();
        await timed(
          stats,
          "POST hcoin-check-linked",
          `${server()}${COINS}/hcoin-check-linked`,
          post(member, member.token, number(member)),
          envelope(200, (payload) =>
            payload.status_code === 101 ? null : `status_code ${payload.status_code}`,
          ),
        );
      },
    ],
    [
      5,
      async () => {
        const member = pick();
        await timed(
          stats,
          "POST login-with-mobile-password",
          `${server()}/crm/auth/login-with-mobile-password`,
          post(member, null, { ...number(member), password: member.password }),
          envelope(200, (payload) => (typeof payload.access_token === "string" ? null : "no access_token")),
        );
      },
    ],
    [
      25,
      async () => {
        const member = pick();
        await timed(
          stats,
          "GET /crm/user/profile",
          `${server()}/crm/user/profile`,
          { headers: headers(member, member.token, false) },
          envelope(200, (payload) =>
            payload.mobile_phone === member.phone ? null : "another member's profile",
          ),
        );
      },
    ],
    [
      10,
      async () => {
        const member = pick();
        const first_name = FIRST_NAMES[turn % FIRST_NAMES.length] as string;
        await timed(
          stats,
          "POST /crm/user/profile",
          `${server()}/crm/user/profile`,
          post(member, member.token, { first_name }),
          envelope(200, (payload) => (payload.first_name === first_name ? null : "not saved")),
        );
      },
    ],
    [
      20,
      async () => {
        const member = pick();
        const origin = server();
        await timed(
          stats,
          "GET /qrcode (page)",
          `${origin}/qrcode`,
          // The browser's own request for the page: it too is counted per client address.
          { headers: { "accept-language": "zh-HK", "x-forwarded-for": member.client } },
          htmlPage,
        );
        await timed(
          stats,
          "GET /crm/user/profile?include_custom_field=1 (QR)",
          `${origin}/crm/user/profile?include_custom_field=1`,
          { headers: headers(member, member.token, false) },
          envelope(200, (payload) => (payload.member_no === member.memberNo ? null : "wrong member_no")),
        );
      },
    ],
    [
      20,
      async () => {
        const member = pick();
        receipt += 1;
        const cents = 1000 + ((receipt * 7919) % 99_000);
        const qr_text = memberQrText({
          memberNo: member.memberNo,
          id: member.id,
          birthdayMonth: member.birthdayMonth,
          unixSeconds: Date.now() / 1000,
        });
        const body = await timed(
          stats,
          "POST coin-scheme purchases (till)",
          `${target.scheme}/coin-scheme/v1/purchases`,
          {
            method: "POST",
            headers: { "x-api-key": target.tillKey, "content-type": "application/json" },
            body: JSON.stringify({
              qr_text,
              store_code: SOAK_STORES[receipt % SOAK_STORES.length],
              receipt_no: `R${receipt}`,
              net_amount: (cents / 100).toFixed(2),
              electronic_amount: (cents / 200).toFixed(2),
            }),
          },
          envelope(200, (payload) => (payload.duplicate === false ? null : "counted as a duplicate")),
        );
        if (body) member.earned += body.payload.transaction.coins as number;
      },
    ],
  ];
  const totalWeight = visits.reduce((sum, [weight]) => sum + weight, 0);

  /** One visit, drawn by weight. */
  return async function visit() {
    let draw = Math.random() * totalWeight;
    for (const [weight, run] of visits) {
      draw -= weight;
      if (draw < 0) return run();
    }
  };
}
