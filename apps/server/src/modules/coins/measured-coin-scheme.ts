import { type CoinSchemeCallOutcome, metrics } from "../../metrics.ts";
import { type CoinSchemeClient, CoinSchemeRefusedError } from "./coin-scheme-client.ts";

/**
 * The client with each call's time and outcome recorded (hcoins_coin_scheme_call_duration_seconds,
 * docs/operations.md), under its method name: one measure for the embedded scheme and the one over
 * HTTP, so a slow or failing scheme shows the same either way. A proxy rather than a wrapper
 * method per call, so that a call added to the interface is measured without a line here.
 */
export function measuredCoinScheme(client: CoinSchemeClient): CoinSchemeClient {
  return new Proxy(client, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== "function" || typeof property !== "string") return value;
      return async (...args: unknown[]) => {
        const started = performance.now();
        let outcome: CoinSchemeCallOutcome = "unavailable";
        try {
          const answer = await value.apply(target, args);
          outcome = "ok";
          return answer;
        } catch (error) {
          if (error instanceof CoinSchemeRefusedError) outcome = "refused";
          throw error;
        } finally {
          metrics.coinSchemeCall(target.kind, property, outcome, (performance.now() - started) / 1000);
        }
      };
    },
  });
}
