import { expect } from "@playwright/test";
import { seriousViolations } from "./support/axe.ts";
import { createMember, expectHeading, logInThroughUi, textOf, waitUntil } from "./support/journeys.ts";
import { readQrCode, serviceWorkerInCharge } from "./support/qr-code.ts";
import { journeySuite, SMOKE, test } from "./support/suite.ts";
import { exactly } from "./support/texts.ts";

/** The member card at a till with no signal: the installable app's offline QR code. */
const suite = journeySuite(68_000_000);

test.describe("the offline member card", () => {
  test(
    "log in, open /qrcode, go offline, reload: the code still reads number, 0, birth month and the time, and says it is offline",
    SMOKE,
    async ({ language }) => {
      const { page, t } = await suite.open(language);
      const member = await createMember(suite.server, suite.nextPhone());
      await logInThroughUi(page, t, member.phone, member.password);
      await page.waitForURL((url) => url.pathname !== "/login/step2");

      await page.goto("/qrcode");
      await expectHeading(page, t("qrcode:titles.qrcode"));
      const qr = page.getByRole("img", { name: exactly(t("qrcode:alt")) });
      await qr.waitFor();
      // One online visit: the worker installed (the app's files and this page kept) and in charge.
      await waitUntil(() => serviceWorkerInCharge(qr), "the service worker in charge of the page");
      expect(await page.getByText(t("qrcode:offline")).count()).toBe(0);

      await page.context().setOffline(true);
      await page.reload();
      await expectHeading(page, t("qrcode:titles.qrcode"));
      await qr.waitFor();
      const notice = page.getByRole("status").filter({ hasText: t("qrcode:offline") });
      await notice.waitFor();
      expect(await textOf(notice)).toBe(t("qrcode:offline"));

      const read = (await readQrCode(qr)) ?? "";
      const [number, zero, month, seconds] = read.split(",");
      expect([number, zero, month]).toEqual([member.memberNo, "0", "07"]);
      expect(Math.abs(Number(seconds) - Date.now() / 1000)).toBeLessThan(90);
      expect(await textOf(page.locator(".qr-number"))).toBe(`${t("qrcode:memberNumber")} ${member.memberNo}`);
      expect(await seriousViolations(page)).toEqual([]);

      // Logging out leaves nothing of the member on the device: offline again, no code, no session.
      await page.context().setOffline(false);
      await page.getByRole("button", { name: exactly(t("menu:menu")) }).click();
      await page.getByRole("button", { name: exactly(t("common:logout")) }).click();
      await page.waitForURL((url) => url.pathname === "/login");
      const kept = await page.evaluate(() =>
        Object.keys(localStorage).filter((key) => key === "token" || key.startsWith("member:")),
      );
      expect(kept).toEqual([]);
      await page.context().setOffline(true);
      await page.goto("/qrcode");
      await page.waitForURL((url) => url.pathname === "/login");
      expect(await qr.count()).toBe(0);
    },
  );
});
