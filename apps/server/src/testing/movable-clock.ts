/*
 * A test's server process whose clock the test moves forward, as a test moves an in-process app's
 * clock instead of sleeping (count-stores.ts). Loaded only by server-process.ts
 * (`movableClock: true`) with `node --import`, before the entry: Date.now, which the app takes as
 * its clock (buildApp's `now`), then runs ahead of the machine's by what the test sent over the
 * IPC channel. Nothing else imports this file, and a process without an IPC channel (a server
 * started by hand or by a service manager) refuses to load it.
 */

if (!process.send) throw new Error("movable-clock: only for a test's server process (an IPC channel)");

const machineNow = Date.now;
let aheadMs = 0;
Date.now = () => machineNow() + aheadMs;

process.on("message", (message: { advanceMs?: unknown }) => {
  if (typeof message?.advanceMs !== "number") return;
  aheadMs += message.advanceMs;
  process.send?.({ aheadMs });
});
// The channel alone does not keep the server running: a SIGTERM still ends it.
process.channel?.unref();
