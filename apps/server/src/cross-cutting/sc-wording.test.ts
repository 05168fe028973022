import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { ERROR_MESSAGES } from "@hcoins/domain/codes";
import { UNSUBSCRIBE_REASONS } from "@hcoins/domain/profile-options";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../config.ts";

/*
 * Simplified Chinese follows mainland usage (shared/spec/glossary.md): Hong Kong words that
 * crept into sc texts beside their mainland forms are refused here, in every place an sc text
 * lives: the web app's and the console's catalogues, the domain's messages, the member server's
 * and the coin scheme's sc strings (coin messages, seeds, the SMS template).
 */

/** Hong Kong word → the mainland word the sc texts use. */
const HK_WORDS: Record<string, string> = {
  剔选: "勾选",
  剔: "勾选",
  开立: "开通",
  你: "您",
  登入: "登录",
  电邮: "电子邮箱 / 电子邮件",
  短讯: "短信",
  讯息: "信息",
  透过: "通过",
  设定: "设置",
  连结: "链接",
  私隐: "隐私",
  重设: "重置",
  上载: "上传",
  档案: "文件",
  预设: "默认",
  伺服器: "服务器",
  户口: "账户",
  手提电话: "手机",
  帐户: "账户",
  帐号: "账号",
};

/** Proper names that keep their Hong Kong wording (the ordinance's official title). */
const PROPER_NAMES = ["个人资料（私隐）条例"];

const root = join(import.meta.dirname, "../../../..");

function filesUnder(dir: string, suffix: string): string[] {
  return readdirSync(join(root, dir), { recursive: true, encoding: "utf8" })
    .filter((name) => name.endsWith(suffix) && !name.includes(".test."))
    .map((name) => join(dir, name));
}

function stringsOf(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (typeof value === "object" && value !== null) return Object.values(value).flatMap(stringsOf);
  return [];
}

/** The sc strings of a TypeScript source: `sc: "…"` or `sc: \`…\`` (the seeds' HTML included). */
function scStringsOf(source: string): string[] {
  return [...source.matchAll(/\bsc:\s*(["`])([\s\S]*?)(?<!\\)\1/g)].map((match) => match[2] ?? "");
}

const texts: { where: string; text: string }[] = [
  ...filesUnder("apps/web/src/locales/sc", ".json").flatMap((file) =>
    stringsOf(JSON.parse(readFileSync(join(root, file), "utf8"))).map((text) => ({ where: file, text })),
  ),
  ...stringsOf(JSON.parse(readFileSync(join(root, "apps/console/src/locales/sc.json"), "utf8"))).map(
    (text) => ({ where: "apps/console/src/locales/sc.json", text }),
  ),
  ...Object.entries(ERROR_MESSAGES).map(([code, text]) => ({ where: `domain ${code}`, text: text.sc })),
  ...UNSUBSCRIBE_REASONS.map((reason) => ({ where: `reason ${reason.id}`, text: reason.label.sc })),
  ...[...filesUnder("apps/server/src", ".ts"), ...filesUnder("apps/coin-scheme/src", ".ts")].flatMap((file) =>
    scStringsOf(readFileSync(join(root, file), "utf8")).map((text) => ({ where: file, text })),
  ),
  { where: "SMS_TEMPLATE_SC", text: loadConfig({}).SMS_TEMPLATE_SC },
  { where: "SMS_REDEEM_TEMPLATE_SC", text: loadConfig({}).SMS_REDEEM_TEMPLATE_SC },
];

describe("Simplified Chinese wording", () => {
  it("finds the sc texts it checks", () => {
    expect(texts.length).toBeGreaterThan(500);
    expect(texts.some(({ where }) => where === "apps/console/src/locales/sc.json")).toBe(true);
    expect(texts.some(({ where }) => where.startsWith("apps/server/src/seed"))).toBe(true);
    expect(texts.some(({ where }) => where.startsWith("apps/server/src/modules/coins"))).toBe(true);
  });

  it.each(Object.entries(HK_WORDS))("uses no Hong Kong %s (mainland: %s)", (word) => {
    const found = texts
      .filter(({ text }) =>
        PROPER_NAMES.reduce((rest, name) => rest.replaceAll(name, ""), text).includes(word),
      )
      .map(({ where, text }) => `${where}: ${text.slice(0, 60)}`);
    expect(found).toEqual([]);
  });
});
