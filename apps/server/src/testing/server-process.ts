import { type ChildProcess, spawn } from "node:child_process";
import { closeSync, openSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/*
 * The real member server (`apps/server/src/server.ts`) or the standalone coin scheme
 * (`apps/coin-scheme/src/main.ts`) as a child process, for tests that need a
 * process to kill, restart or measure. Node runs the entry itself with tsx as a loader
 * (not the tsx CLI, which would put a second process in between), so a signal sent
 * to `child` reaches the server, SIGKILL included.
 */

const REPO_ROOT = fileURLToPath(new URL("../../../../", import.meta.url));

// Each entry's own variables: the scheme reads COIN_* only.
const ENTRIES = {
  server: {
    path: "apps/server/src/server.ts",
    variables: { database: "DATABASE_URL", port: "PORT", host: "HOST", logLevel: "LOG_LEVEL" },
  },
  "coin-scheme": {
    path: "apps/coin-scheme/src/main.ts",
    variables: {
      database: "COIN_SCHEME_DATABASE_URL",
      port: "COIN_SCHEME_PORT",
      host: "COIN_SCHEME_HOST",
      logLevel: "COIN_SCHEME_LOG_LEVEL",
    },
  },
} as const;

/** tsx compiles the entry and migrations run before listening: slow when every suite shares two cores. */
const START_TIMEOUT_MS = 90_000;
/** A process that outlives a signal this long is SIGKILLed and its kill() fails. */
const EXIT_TIMEOUT_MS = 30_000;

export interface ServerProcess {
  port: number;
  /** http://127.0.0.1:<port>, no trailing slash. */
  url: string;
  child: ChildProcess;
  /** stdout and stderr so far, interleaved as they arrived. */
  output(): string;
  /** Resolves once the output holds `text` (at once if it does already); rejects if the process exits first. */
  printed(text: string): Promise<void>;
  /** Moves the process's clock `ms` forward; resolves once it has (needs `movableClock`). */
  advanceClock(ms: number): Promise<void>;
  /** Sends the signal (SIGTERM by default) and resolves once the process has exited. */
  kill(signal?: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export interface ServerProcessOptions {
  /**
   * Added to this process's environment. The entry's database (DATABASE_URL, or the scheme's
   * COIN_SCHEME_DATABASE_URL) is required: a test never falls back to the default ./data file
   * or to the machine's shared database by accident. REDIS_URL is not inherited either, so
   * leaving it out means in-process counters.
   */
  env: Record<string, string>;
  entry?: "server" | "coin-scheme";
  /** Listen on this port (to restart on the same address); a free one otherwise. */
  port?: number;
  /**
   * Append what the process prints to this file, as `npm start > file` would, instead of
   * keeping it for output(). A load test does: thousands of access-log lines a second would
   * pile up in, and keep waking, the process that makes the load.
   */
  logFile?: string;
  /** Run the server on a clock the test moves with advanceClock() (testing/movable-clock.ts). */
  movableClock?: boolean;
}

/** A port that was free a moment ago on 127.0.0.1. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done, fail) => {
    server.once("error", fail);
    server.listen(0, "127.0.0.1", done);
  });
  const address = server.address();
  await new Promise<void>((done) => server.close(() => done()));
  if (!address || typeof address !== "object") throw new Error("no free port");
  return address.port;
}

const running = new Set<ChildProcess>();

const isRunning = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;

/** Starts the entry and resolves once GET /healthz answers 200; rejects with its output if it never does. */
export async function startServerProcess(options: ServerProcessOptions): Promise<ServerProcess> {
  const entry = ENTRIES[options.entry ?? "server"];
  const { variables } = entry;
  if (!options.env[variables.database])
    throw new Error(`startServerProcess: env.${variables.database} is required`);
  const port = options.port ?? (await freePort());
  const {
    DATABASE_URL: _database,
    COIN_SCHEME_DATABASE_URL: _schemeDatabase,
    REDIS_URL: _redis,
    ...inherited
  } = process.env;
  const logFd = options.logFile ? openSync(options.logFile, "a") : undefined;
  const clock = options.movableClock ? ["--import", "./apps/server/src/testing/movable-clock.ts"] : [];
  const child = spawn(process.execPath, ["--import", "tsx", ...clock, entry.path], {
    cwd: REPO_ROOT,
    env: {
      ...inherited,
      NODE_ENV: "development",
      // Without COIN_SCHEME_API_KEYS the first start generates keys: into a file of this process, never ./data.
      COIN_SCHEME_KEYS_FILE: join(tmpdir(), `hcoins-keys-${process.pid}-${port}`),
      [variables.host]: "127.0.0.1",
      [variables.logLevel]: "warn",
      ...options.env,
      [variables.port]: String(port),
    },
    stdio: ["ignore", logFd ?? "pipe", logFd ?? "pipe", ...(options.movableClock ? ["ipc" as const] : [])],
  });
  if (logFd !== undefined) closeSync(logFd);
  running.add(child);
  let output = options.logFile ? `(written to ${options.logFile})` : "";
  const keep = (chunk: Buffer) => {
    output += chunk;
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) => {
    child.once("exit", (code, signal) => {
      running.delete(child);
      done({ code, signal });
    });
  });

  const url = `http://127.0.0.1:${port}`;
  const process_: ServerProcess = {
    port,
    url,
    child,
    output: () => output,
    printed(text) {
      if (!child.stdout) return Promise.reject(new Error("printed(): the output goes to a file"));
      return new Promise((done, fail) => {
        const stop = () => {
          child.stdout?.off("data", check);
          child.stderr?.off("data", check);
          child.off("exit", exit);
        };
        // Registered after `keep`: `output` already holds the chunk.
        const check = () => {
          if (!output.includes(text)) return;
          stop();
          done();
        };
        const exit = () => {
          stop();
          fail(new Error(`${entry.path} exited before printing ${JSON.stringify(text)}:\n${output}`));
        };
        child.stdout?.on("data", check);
        child.stderr?.on("data", check);
        child.once("exit", exit);
        check();
      });
    },
    advanceClock(ms) {
      if (!child.send) return Promise.reject(new Error("advanceClock(): started without movableClock"));
      return new Promise((done, fail) => {
        child.once("message", () => done());
        child.send({ advanceMs: ms }, (error) => error && fail(error));
      });
    },
    async kill(signal = "SIGTERM") {
      if (!isRunning(child)) return exited;
      child.kill(signal);
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<never>((_, fail) => {
        timer = setTimeout(() => {
          child.kill("SIGKILL");
          fail(new Error(`${entry.path} did not exit within ${EXIT_TIMEOUT_MS} ms of ${signal}:\n${output}`));
        }, EXIT_TIMEOUT_MS);
      });
      try {
        return await Promise.race([exited, late]);
      } finally {
        clearTimeout(timer);
      }
    },
  };

  // Asked until it answers 200, or until the process has exited (then the answer is false). A plain
  // loop rather than vi.waitFor: the benches start processes too, outside Vitest.
  const answered = await healthy(url, () => isRunning(child));
  if (answered) return process_;
  if (answered === false) {
    const { code, signal } = await exited;
    throw new Error(`${entry.path} exited (${code ?? signal}) before answering:\n${output}`);
  }
  await process_.kill("SIGKILL");
  throw new Error(`${entry.path} did not answer /healthz within ${START_TIMEOUT_MS} ms:\n${output}`);
}

/** Whether /healthz answers 200 within START_TIMEOUT_MS; false as soon as the process has exited, null at the limit. */
async function healthy(url: string, running: () => boolean): Promise<boolean | null> {
  const until = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < until) {
    if (!running()) return false;
    const status = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2_000) }).then(
      (res) => res.status,
      () => 0,
    );
    if (status === 200) return true;
    // real sleep: a process of its own starting up, which no clock or event of ours can tell of.
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return null;
}

/** SIGKILLs every process this helper started that still runs: call it from afterEach / afterAll. */
export async function stopServerProcesses(): Promise<void> {
  await Promise.all(
    [...running].map(
      (child) =>
        new Promise<void>((done) => {
          if (!isRunning(child)) return done();
          child.once("exit", () => done());
          child.kill("SIGKILL");
        }),
    ),
  );
}

// A test run that dies without its hooks must not leave servers listening.
process.once("exit", () => {
  for (const child of running) child.kill("SIGKILL");
});
