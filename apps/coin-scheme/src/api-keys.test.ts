import { describe, expect, it } from "vitest";
import { authenticateApiKey, parseApiClients } from "./api-keys.ts";

describe("parseApiClients", () => {
  it("reads client:key and client:key:till:STORES entries", () => {
    expect(
      parseApiClients(" member-server:aaaaaaaaaaaaaaaa , pos-1:bbbbbbbbbbbbbbbb:till:HF-S01| HF-S02|HF-S01,"),
    ).toEqual({
      clients: [
        { name: "member-server", key: "aaaaaaaaaaaaaaaa", scope: "all" },
        { name: "pos-1", key: "bbbbbbbbbbbbbbbb", scope: "till", stores: ["HF-S01", "HF-S02"] },
      ],
    });
    expect(parseApiClients("")).toEqual({ clients: [] });
  });

  it.each([
    ["pos-1:short", /key must be 16-256/],
    ["pos 1:bbbbbbbbbbbbbbbb", /client name/],
    ["pos-1:bbbbbbbbbbbbbbbb:admin", /scope must be "till"/],
    ["pos-1:bbbbbbbbbbbbbbbb:till", /a till key names its stores/],
    ["pos-1:bbbbbbbbbbbbbbbb:till:|", /a till key names its stores/],
    ["pos-1:bbbbbbbbbbbbbbbb:till:A 1", /store codes must be/],
    ["pos-1:bbbbbbbbbbbbbbbb:till:A:B", /expected client:key/],
    ["pos-1:bbbbbbbbbbbbbbbb,pos-1:cccccccccccccccc", /client listed twice/],
    ["pos-1:bbbbbbbbbbbbbbbb,pos-2:bbbbbbbbbbbbbbbb", /key shared/],
  ])("refuses %s", (text, problem) => {
    const result = parseApiClients(text);
    expect("problems" in result && result.problems.join("\n")).toMatch(problem);
  });
});

describe("authenticateApiKey", () => {
  const clients = [
    { name: "a", key: "aaaaaaaaaaaaaaaa", scope: "all" as const },
    { name: "b", key: "bbbbbbbbbbbbbbbb", scope: "till" as const, stores: ["S1"] },
  ];
  it("finds the client of a key and nobody for anything else", () => {
    expect(authenticateApiKey(clients, "bbbbbbbbbbbbbbbb")?.name).toBe("b");
    expect(authenticateApiKey(clients, "aaaaaaaaaaaaaaaa")?.name).toBe("a");
    expect(authenticateApiKey(clients, "aaaaaaaaaaaaaaa")).toBeNull();
    expect(authenticateApiKey(clients, "aaaaaaaaaaaaaaaab")).toBeNull();
    expect(authenticateApiKey(clients, "")).toBeNull();
    expect(authenticateApiKey(clients, undefined)).toBeNull();
    expect(authenticateApiKey([], "aaaaaaaaaaaaaaaa")).toBeNull();
  });
});
