import { afterEach, describe, expect, it } from "vitest";
import { translator } from "../lib/i18n.ts";
import { session } from "../lib/session.ts";
import { contractQuery } from "./contract-query.ts";

describe("contractQuery", () => {
  const language = translator.language;
  afterEach(() => {
    session.clearToken();
    translator.changeLanguage(language);
  });

  it("keys a read by its call, its input, the language and the member's token", () => {
    const store = (id: string) => contractQuery("store", { params: { id } }).queryKey;
    expect(store("7")).toEqual(["contract", "store", { params: { id: "7" } }, language, "guest"]);
    expect(store("8")).not.toEqual(store("7"));

    translator.changeLanguage("sc");
    expect(store("7")[3]).toBe("sc");

    session.setToken("token-a");
    expect(store("7")[4]).toBe("token-a");
  });
});
