import { writeFile } from "node:fs/promises";
import { COIN_SCHEME_API_DOCUMENT, coinSchemeApiDocument } from "@hcoins/coin-scheme/http";
import { documentText } from "@hcoins/server-kit/api-document";
import { MEMBER_API_DOCUMENT, memberApiDocument } from "./served-document.ts";

// `npm run openapi`: writes the member server's and the standalone scheme's documents from their
// routes' schemas, for review and commit.
for (const [file, document] of [
  [MEMBER_API_DOCUMENT, memberApiDocument],
  [COIN_SCHEME_API_DOCUMENT, coinSchemeApiDocument],
] as const) {
  await writeFile(file, documentText(await document()));
  console.log(`Wrote ${file}`);
}
