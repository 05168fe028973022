/**
 * The operator command line: `npm run admin -- <command> [arguments]`.
 * Opens the database the server uses, applies migrations, runs one command and
 * prints what it changed. Exit codes: 0 done, 1 bad input (nothing changed),
 * 2 usage error, 78 bad configuration.
 */

import { ConfigError } from "@hcoins/server-kit/env";
import { pino } from "pino";
import { loadConfig } from "../config.ts";
import { openServices } from "../services.ts";
import { CliError } from "./command.ts";
import { COMMANDS, usageText } from "./commands.ts";

async function main(argv: string[]): Promise<number> {
  const [name, ...args] = argv;
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

  // Logs go to stderr so that stdout holds only what the command prints.
  const log = pino({ level: config.LOG_LEVEL }, pino.destination({ dest: 2, sync: true }));
  const { services, close } = await openServices(config, log);
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
