import { COMMAND_GROUPS, USAGE_HEAD } from "../cli/commands.ts";
import { cell, markdownTable } from "./markdown-table.ts";

export const CLI_DOC = "docs/cli.md";

// A summary's `<name>` placeholders would read as HTML tags in Markdown: they become code.
const placeholdersAsCode = (text: string) =>
  text.replace(/<[^<>\s]+>/g, (placeholder) => `\`${placeholder}\``);

/** docs/cli.md: the admin command line's commands, each with its usage line and its `help` text. */
export function cliDoc(): string {
  const sections = COMMAND_GROUPS.map(
    ({ title, commands }) => `## ${title}

${markdownTable(
  ["command", "what it does"],
  Object.values(commands).map((command) => [
    cell(`\`${command.usage}\``),
    cell(placeholdersAsCode(command.summary)),
  ]),
)}
`,
  );
  return `<!-- Written by \`npm run docs\` from the command registry (apps/server/src/cli/commands.ts): change a
command's usage or summary there, not this file. -->

# The operator command line

What \`npm run admin -- help\` prints, by theme. How the command line finds its database and
refuses an empty one: [running the server](running.md).

\`\`\`text
${USAGE_HEAD.join("\n")}
\`\`\`

${sections.join("\n")}`;
}
