/** A sending budget's bucket (e.g. verify codes of one IP this hour): used so far, until the window ends. */
export interface RateBudgetTable {
  bucket: string;
  used: number;
  window_ends: number;
}

declare module '../db/database.ts' {
  interface Database {
    rate_budget: RateBudgetTable;
  }
}
