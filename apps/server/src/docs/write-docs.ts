import { writeFile } from "node:fs/promises";
import { GENERATED_DOCS } from "./generated-docs.ts";

// `npm run docs`: writes the generated docs (configuration, command line, decisions index), for
// review and commit.
for (const { file, write } of GENERATED_DOCS) {
  await writeFile(file, await write());
  console.log(`Wrote ${file}`);
}
