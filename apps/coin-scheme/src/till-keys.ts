import { createHash } from "node:crypto";
import { tillKeyNameRule, tillKeyStores, tillKeyStoresRule } from "@hcoins/domain/till-key-rules";
import type { TillKey } from "@hcoins/domain/till-key-schema";
import { isUniqueViolation } from "@hcoins/server-kit/database-errors";
import { type ApiClient, MIN_KEY_LENGTH, newApiKey } from "./api-keys.ts";
import type { TillKeyCreateResult, TillKeyResult, TillKeysResult } from "./api-schemas.ts";
import { SchemeError, SchemeErrorCode, schemeValidationError } from "./errors.ts";
import type { CoinSchemeRepository } from "./repository.ts";
import type { TillKeyRow } from "./tables.ts";
import { iso } from "./views.ts";

const MAX_KEY_LENGTH = 256;

const keyHash = (key: string) => createHash("sha256").update(key).digest("hex");
const isoOrNull = (ms: number | null) => (ms === null ? null : iso(ms));

const tillKeyView = (row: TillKeyRow): TillKey => ({
  id: row.id,
  name: row.name,
  stores: JSON.parse(row.store_codes) as string[],
  created_at: iso(row.created_at),
  created_by: row.created_by,
  stores_changed_at: isoOrNull(row.stores_changed_at),
  revoked_at: isoOrNull(row.revoked_at),
  revoked_by: row.revoked_by,
  last_used_at: isoOrNull(row.last_used_at),
});

/**
 * The till keys operators make, beside those of COIN_SCHEME_API_KEYS: a key is generated here,
 * answered once, and kept only as its SHA-256, by which a presented key is found. A stored key
 * is a till key like a configured one (scope "till", its stores), so every till route keeps
 * its store check; a revoked key opens nothing from the next call, on every instance.
 */
export class TillKeys {
  constructor(
    private readonly repository: CoinSchemeRepository,
    private readonly now: () => number,
  ) {}

  async list(): Promise<TillKeysResult> {
    return { till_keys: (await this.repository.tillKeys.list()).map(tillKeyView) };
  }

  /** 4000 for a bad name or store list, 6014 for a store the registry lacks, 6029 a live key has the name. */
  async create(input: { name: string; stores: readonly string[]; by: string }): Promise<TillKeyCreateResult> {
    const name = input.name.trim();
    const nameRule = tillKeyNameRule(name);
    if (nameRule) throw schemeValidationError("name", nameRule);
    const stores = await this.registeredStores(input.stores);
    if (await this.repository.tillKeys.liveByName(name))
      throw new SchemeError(SchemeErrorCode.tillKeyNameTaken);
    const key = newApiKey();
    try {
      const row = await this.repository.tillKeys.insert({
        name,
        key_hash: keyHash(key),
        store_codes: JSON.stringify(stores),
        created_at: this.now(),
        created_by: input.by,
      });
      return { key, till_key: tillKeyView(row) };
    } catch (error) {
      // A concurrent create took the name between the check and the insert.
      if (isUniqueViolation(error)) throw new SchemeError(SchemeErrorCode.tillKeyNameTaken);
      throw error;
    }
  }

  /** Replaces the key's stores; 6030 no such key, 6031 revoked. */
  async setStores(id: number, storeCodes: readonly string[]): Promise<TillKeyResult> {
    await this.live(id);
    const stores = await this.registeredStores(storeCodes);
    const row = await this.repository.tillKeys.setStores(id, JSON.stringify(stores), this.now());
    // Revoked between the two statements.
    if (!row) throw new SchemeError(SchemeErrorCode.tillKeyRevoked);
    return { till_key: tillKeyView(row) };
  }

  /** Refuses the key from the next call on; 6030 no such key, 6031 revoked already. */
  async revoke(id: number, by: string): Promise<TillKeyResult> {
    await this.live(id);
    const row = await this.repository.tillKeys.revoke(id, by, this.now());
    if (!row) throw new SchemeError(SchemeErrorCode.tillKeyRevoked);
    return { till_key: tillKeyView(row) };
  }

  /** The till a presented key opens, or null: one indexed read, never cached. */
  async authenticate(presented: string): Promise<ApiClient | null> {
    if (presented.length < MIN_KEY_LENGTH || presented.length > MAX_KEY_LENGTH) return null;
    const row = await this.repository.tillKeys.liveByHash(keyHash(presented));
    if (!row) return null;
    await this.repository.tillKeys.touch(row.id, this.now());
    return { name: row.name, key: presented, scope: "till", stores: JSON.parse(row.store_codes) as string[] };
  }

  private async live(id: number): Promise<TillKeyRow> {
    const row = await this.repository.tillKeys.byId(id);
    if (!row) throw new SchemeError(SchemeErrorCode.tillKeyNotFound);
    if (row.revoked_at !== null) throw new SchemeError(SchemeErrorCode.tillKeyRevoked);
    return row;
  }

  /** The codes without repeats; 4000 for a bad list, 6014 (naming them) for codes the registry lacks. */
  private async registeredStores(storeCodes: readonly string[]): Promise<string[]> {
    const stores = tillKeyStores(storeCodes);
    const rule = tillKeyStoresRule(stores);
    if (rule) throw schemeValidationError("stores", rule);
    const registered = new Set((await this.repository.stores()).map((store) => store.store_code));
    const unknown = stores.filter((code) => !registered.has(code));
    if (unknown.length > 0) throw new SchemeError(SchemeErrorCode.unknownStore, { store_codes: unknown });
    return stores;
  }
}
