import type { TableViews } from "@hcoins/server-kit/database";
import type { SettingsRepository } from "./repository.ts";

/**
 * Values the server keeps for itself in its database, by key: the unsubscribe links' secret
 * (subscriptions) and the first start's content marker (seed). Each key has one user.
 */
export class SettingsService {
  constructor(private readonly repo: SettingsRepository) {}

  valueOf(key: string, trx?: TableViews): Promise<string | undefined> {
    return this.repo.valueOf(key, trx);
  }

  /**
   * Stores `value` under a new key; false when the key exists (its value stays). Two
   * instances claiming one key at once: exactly one gets true.
   */
  claim(key: string, value: string, trx?: TableViews): Promise<boolean> {
    return this.repo.insertIfAbsent(key, value, trx);
  }

  /** The value under the key, stored first as `initial` when the key is new. */
  async valueOrInitial(key: string, initial: string): Promise<string> {
    await this.repo.insertIfAbsent(key, initial);
    const value = await this.repo.valueOf(key);
    if (value === undefined) throw new Error(`setting ${key} vanished`);
    return value;
  }

  set(key: string, value: string, trx?: TableViews): Promise<void> {
    return this.repo.update(key, value, trx);
  }
}
