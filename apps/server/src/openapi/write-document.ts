import { writeFile } from "node:fs/promises";
import { COMMITTED_DOCUMENT, documentText, servedDocument } from "./served-document.ts";

// `npm run openapi`: writes docs/openapi.json from the routes' schemas, for review and commit.
await writeFile(COMMITTED_DOCUMENT, documentText(await servedDocument()));
console.log(`Wrote ${COMMITTED_DOCUMENT}`);
