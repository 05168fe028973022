import axe from "axe-core";

/** The serious and critical axe-core violations of the rendered document (jsdom: no colour contrast). */
export async function seriousViolations(): Promise<string[]> {
  const result = await axe.run(document.body, { resultTypes: ["violations"] });
  return result.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
    );
}
