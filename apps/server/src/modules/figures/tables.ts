export type FiguresTables = {
  daily_counts: DailyCountsTable;
};

export type DailyCountsTable = {
  /** Hong Kong calendar date, YYYY-MM-DD. */
  day: string;
  name: string;
  count: number;
};
