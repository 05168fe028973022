import type { FastifyBaseLogger } from "fastify";
import type { SmsMessage, SmsPurpose, SmsSender } from "./sender.ts";

export interface OutboxEntry {
  text: string;
  code: string;
  purpose: SmsPurpose;
  sent_at: string;
}

const KEEP_PER_NUMBER = 20;

/**
 * Development sender: prints each SMS to the log (the one log line allowed to
 * hold a code) and keeps the last few per number for GET /dev/sms-outbox.
 */
export class ConsoleSmsSender implements SmsSender {
  private readonly outbox = new Map<string, OutboxEntry[]>();

  constructor(
    private readonly log: FastifyBaseLogger,
    private readonly now: () => number,
  ) {}

  async send(message: SmsMessage): Promise<void> {
    const to = `+${message.mobile_phone_prefix} ${message.mobile_phone}`;
    this.log.info({ sms: { to, purpose: message.purpose } }, `SMS to ${to}: ${message.text}`);
    const key = `${message.mobile_phone_prefix}-${message.mobile_phone}`;
    const entries = this.outbox.get(key) ?? [];
    entries.unshift({
      text: message.text,
      code: message.code,
      purpose: message.purpose,
      sent_at: new Date(this.now()).toISOString(),
    });
    this.outbox.set(key, entries.slice(0, KEEP_PER_NUMBER));
  }

  /** Newest first. */
  read(prefix: string, phone: string): OutboxEntry[] {
    return this.outbox.get(`${prefix}-${phone}`) ?? [];
  }
}
