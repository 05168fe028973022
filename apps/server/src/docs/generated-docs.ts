import { CLI_DOC, cliDoc } from "./cli-doc.ts";
import { CONFIGURATION_DOC, configurationDoc } from "./configuration-doc.ts";
import { DECISIONS_INDEX, decisionsIndex } from "./decisions-index.ts";

/**
 * The docs written from the code rather than by hand, each with the function that writes it:
 * `npm run docs` writes them all, and generated-docs.test.ts fails while a committed one differs.
 */
export const GENERATED_DOCS: readonly { file: string; write: () => Promise<string> }[] = [
  { file: CONFIGURATION_DOC, write: async () => configurationDoc() },
  { file: CLI_DOC, write: async () => cliDoc() },
  { file: DECISIONS_INDEX, write: () => decisionsIndex() },
];
