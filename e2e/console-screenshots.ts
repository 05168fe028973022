import { mkdir } from "node:fs/promises";
import path from "node:path";
import type { Language } from "@hcoins/domain/languages";
import { URI } from "otpauth";
import type { Page } from "playwright-core";
import en from "../apps/console/src/locales/en.json" with { type: "json" };
import sc from "../apps/console/src/locales/sc.json" with { type: "json" };
import tc from "../apps/console/src/locales/tc.json" with { type: "json" };
import { seriousViolations } from "./support/axe.ts";
import { launchBrowser } from "./support/browser.ts";
import { OPERATOR_PASSWORD } from "./support/console.ts";
import { api, createMember, snapshotWebDist } from "./support/journeys.ts";
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
const LANGUAGES = listFrom<Language>(process.env.SCREENSHOT_LANGUAGES, ["en", "tc", "sc"]);
const WIDTHS = listFrom(process.env.SCREENSHOT_WIDTHS, ["375", "768", "1280"]).map(Number);
const ONLY = process.env.SCREENSHOT_ONLY?.split(",");

const CATALOGUES: Record<Language, typeof en> = { en, tc, sc };

function listFrom<T extends string>(value: string | undefined, fallback: T[]): T[] {
  const list = value?.split(",").filter(Boolean) as T[] | undefined;
  return list?.length ? list : fallback;
}

/** The console's screens (apps/console/src/app/router.tsx); `:member` is a member with coins. */
/** A dialog a shot opens: its button's label in the console's catalogue (apps/console/src/locales). */
type Opens = (catalogue: typeof en) => string;

const SHOTS: { name: string; path: string; opens?: Opens }[] = [
  { name: "figures", path: "/console/figures" },
  { name: "members", path: "/console/members" },
  { name: "member-case", path: "/console/members/:member" },
  { name: "voucher-reveal", path: "/console/members/:member", opens: (t) => t.vouchers.reveal.button },
  { name: "voucher-goodwill", path: "/console/members/:member", opens: (t) => t.vouchers.goodwill.button },
  { name: "audit", path: "/console/audit" },
  { name: "banners", path: "/console/content/banners" },
  { name: "pages", path: "/console/content/pages" },
  { name: "operators", path: "/console/operators" },
  { name: "rewards", path: "/console/rewards" },
  { name: "reward-new", path: "/console/rewards/new" },
  { name: "reward-edit", path: "/console/rewards/1" },
  { name: "bonus-days", path: "/console/bonus-days" },
  { name: "expiry", path: "/console/expiry" },
  { name: "brands", path: "/console/brands" },
  { name: "stores", path: "/console/stores" },
  { name: "store-partners", path: "/console/store-partners" },
  { name: "till-keys", path: "/console/till-keys" },
];

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
    const found = await server.services.memberSupport.search(member.memberNo);
    const memberId = String(found[0]?.id);
    const { link } = await server.services.operators.add("admin.shots@example.com", "administrator", {
      actor: "cli:screenshots",
      address: null,
    });
    const token = new URL(link).hash.slice(1);

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
            await page.goto(shot.path.replace(":member", memberId));
            await page.getByRole("heading", { level: 1 }).first().waitFor();
            await page.waitForLoadState("networkidle");
            if (shot.opens) {
              await page.getByRole("button", { name: shot.opens(CATALOGUES[language]), exact: true }).click();
              await page.getByRole("dialog").waitFor();
              await page.waitForLoadState("networkidle");
            }
            const wide = await page.evaluate(() => document.documentElement.scrollWidth);
            if (wide > width) problems.push(`${label}: page is ${wide} px wide (screen ${width})`);
            if (process.env.SCREENSHOT_AXE)
              for (const note of await seriousViolations(page)) problems.push(`${label}: ${note}`);
            const dir = path.join(OUT, language, String(width));
            await mkdir(dir, { recursive: true });
            await page.screenshot({ path: path.join(dir, `${shot.name}.png`), fullPage: true });
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
