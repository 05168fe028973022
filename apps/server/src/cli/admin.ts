/**
 * The operator command line: `npm run admin -- [--create-database] <command> [arguments]`.
 * Names the database it acts on (stderr), opens it (it must already hold the member server's
 * tables, unless --create-database), applies migrations, runs one command and prints what it
 * changed. Exit codes: 0 done, 1 bad input (nothing changed), 2 usage error, 78 bad
 * configuration (a missing database among them).
 */

import { describeDatabaseUrl } from "@hcoins/server-kit/database-url";
import { ConfigError } from "@hcoins/server-kit/env";
import { pino } from "pino";
import { loadConfig } from "../config.ts";
import { openServices } from "../services.ts";
import { CliError } from "./command.ts";
import { COMMANDS, CREATE_DATABASE_FLAG, usageText } from "./commands.ts";

async function main(argv: string[]): Promise<number> {
  // The flag is the command line's, not the command's: taken out wherever it was typed.
  const createDatabase = argv.includes(CREATE_DATABASE_FLAG);
  const [name, ...args] = argv.filter((arg) => arg !== CREATE_DATABASE_FLAG);
  if (name === "help" || name === "--help" || name === "-h") {
    console.log(usageText());
    return 0;
  }
  const command = name === undefined ? undefined : COMMANDS[name];
  if (!command) {
    console.error(
      `${name === undefined ? "No command given." : `Unknown command "${name}".`}\n\n${usageText()}`,
    );
    return 2;
  }

  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    return 78;
  }

  // Before anything is opened: which database this is, so that a wrong one is seen (stderr, as
  // stdout holds only what the command prints).
  console.error(`Database: ${describeDatabaseUrl(config.DATABASE_URL)}`);
  // Logs go to stderr too.
  const log = pino({ level: config.LOG_LEVEL }, pino.destination({ dest: 2, sync: true }));
  let opened: Awaited<ReturnType<typeof openServices>>;
  try {
    opened = await openServices(config, log, { createDatabase });
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    return 78;
  }
  const { services, close } = opened;
  try {
    console.log(await command.run(services, args));
    return 0;
  } catch (error) {
    if (!(error instanceof CliError)) throw error;
    console.error(`Error: ${error.message}`);
    return error.exitCode;
  } finally {
    await close();
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  },
);
