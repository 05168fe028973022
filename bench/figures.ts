/** One measured figure: its value as printed, and whether it met its target where it has one. */
export interface Figure {
  name: string;
  value: string;
  target?: string;
  pass?: boolean;
}

/** A figure read against a yardstick measured in the same run. */
export function ratio(name: string, value: number, yardstick: number, atLeast: number, unit: string): Figure {
  const share = value / yardstick;
  return {
    name,
    value: `${value.toFixed(1)} ${unit} = ${share.toFixed(2)} ×`,
    target: `≥ ${atLeast} ×`,
    pass: share >= atLeast,
  };
}

export function figureTable(figures: Figure[]): string {
  const rows = figures.map(
    (figure) =>
      `| ${figure.name} | ${figure.value} | ${figure.target ?? ""} | ${figure.pass === undefined ? "" : figure.pass ? "met" : "**missed**"} |`,
  );
  return ["| figure | value | target | |", "| --- | --- | --- | --- |", ...rows].join("\n");
}
