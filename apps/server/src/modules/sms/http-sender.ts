import type { SmsMessage, SmsSender } from "./sender.ts";

export interface HttpSmsOptions {
  url: string;
  username?: string | undefined;
  password?: string | undefined;
  sender: string;
  timeoutMs?: number;
}

/**
 * A real SMS gateway reached over HTTP: POST JSON {from, to, text} with basic
 * auth; any non-2xx answer or a timeout is a failed send.
 */
export class HttpSmsSender implements SmsSender {
  constructor(private readonly options: HttpSmsOptions) {}

  async send(message: SmsMessage): Promise<void> {
    const headers: Record<string, string> = { "content-type": "application/json" };
    if (this.options.username) {
      const credentials = `${this.options.username}:${this.options.password ?? ""}`;
      headers.authorization = `Basic ${Buffer.from(credentials).toString("base64")}`;
    }
    const response = await fetch(this.options.url, {
      method: "POST",
      headers,
      body: JSON.stringify({
        from: this.options.sender,
        to: `+${message.mobile_phone_prefix}${message.mobile_phone}`,
        text: message.text,
      }),
      signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
    });
    if (!response.ok) throw new Error(`SMS gateway answered HTTP ${response.status}`);
  }
}
