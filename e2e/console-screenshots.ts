import { mkdir } from "node:fs/promises";
import path from "node:path";
import type { CampaignDefinition } from "@hcoins/domain/campaign-rules";
import type { Language } from "@hcoins/domain/languages";
import { URI } from "otpauth";
import type { Page } from "playwright-core";
import enConsole from "../apps/console/src/locales/en.json" with { type: "json" };
import scConsole from "../apps/console/src/locales/sc.json" with { type: "json" };
import tcConsole from "../apps/console/src/locales/tc.json" with { type: "json" };
import { seriousViolations } from "./support/axe.ts";
import { launchBrowser } from "./support/browser.ts";
import { OPERATOR_PASSWORD } from "./support/console.ts";
import { api, createMember, smsOutbox, snapshotWebDist } from "./support/journeys.ts";
import { startServer } from "./support/server.ts";

/**
 * `npm run screenshots:console`: a full-page PNG of every console screen, signed in as an
 * administrator (who sees them all), at a phone's 375 px, a tablet's 768 px and a desk's
 * 1280 px in en, tc and sc, into .screenshots/console/<lang>/<width>/<name>.png (build the console first:
 * npm run build --workspace apps/console). Prints a page wider than its screen and, with
 * SCREENSHOT_AXE=1, axe's serious and critical findings. SCREENSHOT_LANGUAGES / SCREENSHOT_WIDTHS /
 * SCREENSHOT_ONLY narrow a run.
 */
const OUT = path.resolve(".screenshots/console");
const CONSOLE_TEXTS = { en: enConsole, tc: tcConsole, sc: scConsole };
const LANGUAGES = listFrom<Language>(process.env.SCREENSHOT_LANGUAGES, ["en", "tc", "sc"]);
const WIDTHS = listFrom(process.env.SCREENSHOT_WIDTHS, ["375", "768", "1280"]).map(Number);
const ONLY = process.env.SCREENSHOT_ONLY?.split(",");

function listFrom<T extends string>(value: string | undefined, fallback: T[]): T[] {
  const list = value?.split(",").filter(Boolean) as T[] | undefined;
  return list?.length ? list : fallback;
}

/**
 * The console's screens (apps/console/src/app/router.tsx); `:member` is a member with coins, an
 * earlier number, case notes and SMS limits in force, `:operator` the administrator taking them,
 * `:campaign` a weekend campaign whose activation waits on the Approvals screen. `open` opens a dialog on the screen first (its heading is then waited for instead of the page's).
 */
const SHOTS: { name: string; path: string; open?: (page: Page, language: Language) => Promise<void> }[] = [
  { name: "figures", path: "/console/figures" },
  { name: "members", path: "/console/members" },
  { name: "member-search", path: "/console/members?q=chan&sort=email&dir=desc" },
  { name: "member-case", path: "/console/members/:member" },
  {
    name: "adjust-dialog",
    path: "/console/members/:member",
    open: async (page, language) => {
      await page
        .getByRole("button", { name: CONSOLE_TEXTS[language].coinControls.button, exact: true })
        .click();
      await page.getByRole("dialog").getByRole("heading").waitFor();
    },
  },
  { name: "approvals", path: "/console/approvals" },
  { name: "bulk-adjustment", path: "/console/bulk-adjustment" },
  {
    name: "approval-decision",
    path: "/console/approvals",
    open: openWith((t) => t.approvals.approve),
  },
  { name: "member-edit", path: "/console/members/:member", open: openDialog("edit") },
  { name: "member-number", path: "/console/members/:member", open: openDialog("number") },
  {
    name: "voucher-reveal",
    path: "/console/members/:member",
    open: openWith((t) => t.vouchers.reveal.button),
  },
  {
    name: "voucher-goodwill",
    path: "/console/members/:member",
    open: openWith((t) => t.vouchers.goodwill.button),
  },
  { name: "audit", path: "/console/audit" },
  { name: "banners", path: "/console/content/banners" },
  { name: "pages", path: "/console/content/pages" },
  { name: "operators", path: "/console/operators" },
  { name: "operator", path: "/console/operators/:operator" },
  { name: "rewards", path: "/console/rewards" },
  { name: "reward-new", path: "/console/rewards/new" },
  { name: "reward-edit", path: "/console/rewards/1" },
  { name: "bonus-days", path: "/console/bonus-days" },
  { name: "expiry", path: "/console/expiry" },
  { name: "brands", path: "/console/brands" },
  { name: "stores", path: "/console/stores" },
  { name: "store-partners", path: "/console/store-partners" },
  { name: "till-keys", path: "/console/till-keys" },
  { name: "campaigns", path: "/console/campaigns" },
  { name: "campaign-new", path: "/console/campaigns/new" },
  { name: "campaign-edit", path: "/console/campaigns/:campaign" },
  { name: "segments", path: "/console/segments" },
  { name: "segment-new", path: "/console/segments/new" },
  { name: "segment-edit", path: "/console/segments/:segment" },
];

/** Two segments, lapsed coffee shoppers and March birthdays: the segment screens show them. Answers the first's id. */
async function segments(server: Awaited<ReturnType<typeof startServer>>) {
  const by = { actor: "operator:pm.shots@example.com", address: null };
  const lapsed = await server.services.segments.create(
    {
      name: { en: "Lapsed shoppers", tc: "流失顧客", sc: "流失顾客" },
      conditions: [
        { fact: "purchased_within", days: 90, is: false },
        { fact: "spend", days: 365, at_least: "500" },
        { fact: "joined", before: "2026-06-01" },
      ],
    },
    by,
  );
  await server.services.segments.create(
    {
      name: { en: "March birthdays", tc: "三月生日", sc: "三月生日" },
      conditions: [{ fact: "birth_month", in: [3] }],
    },
    by,
  );
  return lapsed.id;
}

/**
 * A weekend campaign (double coins at HF-CW01 over the next four weeks), written by a programme
 * manager who asked for its activation: the campaign screens and the Approvals screen show it.
 * An active one beside it, for the list's badges. Answers the weekend campaign's id.
 */
async function weekendCampaign(server: Awaited<ReturnType<typeof startServer>>) {
  const { coinSchemeClient, campaigns, operators } = server.services;
  const manager = await operators.add("pm.shots@example.com", "programmeManager", {
    actor: "cli:screenshots",
    address: null,
  });
  const day = 24 * 3_600_000;
  const definition: CampaignDefinition = {
    name: { en: "Weekend double coins", tc: "週末雙倍 H Coins", sc: "周末双倍 H Coins" },
    conditions: [
      { fact: "weekday", in: [6, 7] },
      { fact: "store", in: ["HF-CW01"] },
    ],
    action: { type: "multiplier", multiplier: "2" },
    stacks: false,
    starts_at: new Date(Date.now() + day).toISOString(),
    ends_at: new Date(Date.now() + 29 * day).toISOString(),
    budget_coins: 50_000,
    per_member_cap: 500,
    programme_rule: null,
  };
  const by = { actor: "operator:pm.shots@example.com", address: null };
  const weekend = await campaigns.create(definition, by);
  await campaigns.requestActivation(
    weekend.id,
    { note: "Budget agreed with marketing; the dry run stays within budget", dryRunDays: 30 },
    { id: manager.operator.id, email: "pm.shots@example.com", role: "programmeManager" },
    by,
  );
  const { campaign: lunch } = await coinSchemeClient.createCampaign(
    {
      ...definition,
      name: { en: "Lunch hour bonus", tc: "午市獎賞", sc: "午市奖赏" },
      conditions: [{ fact: "time_of_day", from: "12:00", to: "14:00" }],
      action: { type: "bonus", coins: 20 },
      starts_at: new Date(Date.now() - day).toISOString(),
    },
    "operator:pm.shots@example.com",
  );
  await coinSchemeClient.activateCampaign(
    lunch.id,
    "operator:pm.shots@example.com",
    "operator:admin@example.com",
  );
  return weekend.id;
}

async function main() {
  const started = Date.now();
  const web = await snapshotWebDist();
  const [server, browser] = await Promise.all([
    startServer({ WEB_DIST_DIR: web.directory }),
    launchBrowser(),
  ]);
  const problems: string[] = [];
  let taken = 0;
  try {
    const member = await createMember(server, "61234567");
    await api(server, "POST", "/custom-api/custom/cuapp/customer/hcoin-create", {}, member.token);
    const { coinSchemeClient } = server.services;
    const account = await coinSchemeClient.findAccountByPhone("852", member.phone);
    await coinSchemeClient.adjust({
      hcoinsMemberNo: account?.hcoins_memberno ?? "",
      coins: 300,
      reason: "Welcome gift",
      operator: "screenshots",
      allowNegative: false,
    });
    // A purchase with its store and receipt, for the member page's ledger.
    await server.services.coinScheme?.setStore("HF-CW01", false);
    await server.services.coinScheme?.purchase({
      qrText: `${member.memberNo},0,07,${Math.floor(Date.now() / 1000)}`,
      storeCode: "HF-CW01",
      receiptNo: "R-2026-0314-0042",
      netCents: 12_340,
      electronicCents: 0,
      client: "pos-screenshots",
      actorType: "till",
    });
    const found = await server.services.memberFinder.search(member.memberNo, {
      page: 1,
      pageSize: 1,
      sort: "name",
      dir: "asc",
    });
    const memberId = String(found.members[0]?.id);
    // An agent's adjustment above customer service's threshold: a pending request on the Approvals screen.
    const agent = await server.services.operators.add("agent.shots@example.com", "customerService", {
      actor: "cli:screenshots",
      address: null,
    });
    await server.services.coinAdjustments.adjust(
      {
        memberId: Number(memberId),
        coins: 800,
        reasonCode: "serviceRecovery",
        note: "Complaint 88: delivery two days late, supervisor agreed",
        key: "screenshots",
      },
      { id: agent.operator.id, email: "agent.shots@example.com", role: "customerService" },
      { actor: "cli:screenshots", address: null },
    );
    await memberRecords(server, Number(memberId));
    // A voucher for the member's page (its code masked) and the reveal and goodwill dialogs.
    const { reward } = await coinSchemeClient.reward(1);
    await coinSchemeClient.adjust({
      hcoinsMemberNo: account?.hcoins_memberno ?? "",
      coins: reward.coins,
      reason: "For a voucher",
      operator: "screenshots",
      allowNegative: false,
    });
    await coinSchemeClient.redeem({
      hcoinsMemberNo: account?.hcoins_memberno ?? "",
      rewardId: 1,
      key: "shots",
    });
    // A reward low on stock and a sold-out one, for the rewards list's markers.
    for (const [en, tc, sc, stock] of [
      ["Tea set", "茶具", "茶具", 3],
      ["Umbrella", "雨傘", "雨伞", 0],
    ] as const) {
      await coinSchemeClient.saveReward({
        kind: "product",
        coins: 800,
        stock,
        valueCents: null,
        storeCodes: [],
        title: { en, tc, sc },
        description: { en: "", tc: "", sc: "" },
        terms: { en: "", tc: "", sc: "" },
        imageUrl: null,
        startsAt: null,
        endsAt: null,
        perMemberLimit: null,
        lowStockThreshold: 5,
        voucherValidDays: 30,
        active: true,
        sortOrder: 100,
      });
    }
    const campaignId = String(await weekendCampaign(server));
    const segmentId = String(await segments(server));
    const { link } = await server.services.operators.add("admin.shots@example.com", "administrator", {
      actor: "cli:screenshots",
      address: null,
    });
    const token = new URL(link).hash.slice(1);
    const operatorId = String(
      (await server.services.operators.list()).find((one) => one.email === "admin.shots@example.com")?.id,
    );
    // A disabled operator, so the list shows its re-enable button.
    await server.services.operators.add("left.shots@example.com", "customerService", {
      actor: "cli:screenshots",
      address: null,
    });
    await server.services.operators.disable("left.shots@example.com", {
      actor: "cli:screenshots",
      address: null,
    });

    // One session for every shot (an authenticator code works once); language and width change in place.
    const context = await browser.newContext({ baseURL: server.url });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    await activate(page, server.url, token);
    for (const language of LANGUAGES) {
      await page.evaluate((chosen) => localStorage.setItem("console-language", chosen), language);
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        for (const shot of SHOTS) {
          if (ONLY && !ONLY.includes(shot.name)) continue;
          const label = `${language}/${width}/${shot.name}`;
          try {
            await page.goto(
              shot.path
                .replace(":member", memberId)
                .replace(":operator", operatorId)
                .replace(":campaign", campaignId)
                .replace(":segment", segmentId),
            );
            await page.getByRole("heading", { level: 1 }).first().waitFor();
            await page.waitForLoadState("networkidle");
            await shot.open?.(page, language);
            const wide = await page.evaluate(() => document.documentElement.scrollWidth);
            if (wide > width) problems.push(`${label}: page is ${wide} px wide (screen ${width})`);
            if (process.env.SCREENSHOT_AXE)
              for (const note of await seriousViolations(page)) problems.push(`${label}: ${note}`);
            const dir = path.join(OUT, language, String(width));
            await mkdir(dir, { recursive: true });
            // A dialog holds the screen: the screen is the shot.
            await page.screenshot({ path: path.join(dir, `${shot.name}.png`), fullPage: !shot.open });
            taken += 1;
          } catch (error) {
            problems.push(`${label}: NOT TAKEN: ${(error as Error).message.split("\n")[0]}`);
          }
        }
      }
    }
    await context.close();
  } finally {
    await browser.close();
    await server.close();
    await web.remove();
  }
  console.log(
    `${taken} screenshots in ${path.relative(process.cwd(), OUT)}/ (${Math.round((Date.now() - started) / 1000)} s)`,
  );
  for (const problem of problems.sort()) console.log(`- ${problem}`);
  if (problems.some((problem) => problem.includes("NOT TAKEN"))) process.exitCode = 1;
}

/** Clicks the button a catalogue names and waits for its dialog. */
function openWith(label: (catalogue: typeof enConsole) => string) {
  return async (page: Page, language: Language) => {
    await page.getByRole("button", { name: label(CONSOLE_TEXTS[language]), exact: true }).click();
    await page.getByRole("dialog").waitFor();
    await page.waitForLoadState("networkidle");
  };
}

/** Clicks the member page's "Edit member" or "Change mobile number" and waits for its dialog. */
function openDialog(which: "edit" | "number") {
  return async (page: Page, language: Language) => {
    const { memberRecords: t } = CONSOLE_TEXTS[language];
    await page.getByRole("button", { name: t[which].button, exact: true }).click();
    await page.getByRole("dialog").waitFor();
  };
}

/** The member's records: an earlier number, a case note, and SMS limits in force (a reset code asked twice). */
async function memberRecords(server: Awaited<ReturnType<typeof startServer>>, memberId: number) {
  const by = { actor: "operator:agent@example.com", address: "203.0.113.7" };
  const records = server.services.memberRecords;
  await records.sendNumberCode(memberId, { prefix: "852", phone: "61234568" }, "en", by);
  const [sent] = await smsOutbox(server, "61234568");
  await records.changeNumber(
    memberId,
    { prefix: "852", phone: "61234568" },
    sent?.code ?? "",
    "Lost the old SIM card",
    by,
  );
  await records.addCaseNote(memberId, "Called about a missing receipt from Mong Kok; asked for a copy.", by);
  for (let i = 0; i < 2; i++)
    await api(server, "POST", "/crm/auth/forgot-password-with-mobile", {
      mobile_phone_prefix: "852",
      mobile_phone: "61234568",
    });
}

/** The administrator's first sign-in, through the API from the page so the session cookie lands in it. */
async function activate(page: Page, url: string, token: string) {
  await page.goto("/console/sign-in");
  const opened = await fetch(`${url}/console/api/session/invitation`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ token }),
  });
  const { otpauth_uri } = ((await opened.json()) as { payload: { otpauth_uri: string } }).payload;
  await post(page, "/console/api/session/activate", {
    token,
    password: OPERATOR_PASSWORD,
    totp_code: URI.parse(otpauth_uri).generate(),
  });
}

async function post(page: Page, address: string, body: unknown) {
  const status = await page.evaluate(
    async ([to, json]) =>
      (await fetch(to, { method: "POST", headers: { "content-type": "application/json" }, body: json }))
        .status,
    [address, JSON.stringify(body)] as const,
  );
  if (status !== 200) throw new Error(`${address} answered ${status}`);
}

await main();
