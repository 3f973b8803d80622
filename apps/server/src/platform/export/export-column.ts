// What an export writes, apart from where its rows come from: the sheet's columns and the words for its
// filters. The writer and the task store need only this (they never see an operation or its context).

/** How a column's values are written to the sheet. */
export type ExportColumnType = 'text' | 'number' | 'money' | 'time' | 'date' | 'enum';

export interface ExportColumn<R = Record<string, unknown>> {
  /** Chinese header. */
  header: string;
  /** Field of the row; also names the filter of the same key in the filter summary. */
  key: string;
  /**
   * text (default; always written as a text cell), number, money (integer cents → 元 with 2
   * decimals), time (epoch ms → yyyy-MM-dd HH:mm:ss, China time), date (→ yyyy-MM-dd), enum
   * (value → its Chinese label).
   */
  type?: ExportColumnType;
  labels?: Readonly<Record<string | number, string>>;
  /** Computes the value from the row instead of reading `row[key]`. */
  value?: (row: R) => unknown;
  /** Column width in characters (a sensible default from the header otherwise). */
  width?: number;
}

/** The columns of an export and the names of its filters that are not columns. */
export interface ExportSheet<R = Record<string, unknown>> {
  columns: readonly ExportColumn<R>[];
  /** Chinese names of filters that are not also columns (e.g. a time range). */
  filterLabels?: Readonly<Record<string, string>>;
  /** Words for the coded values of filters that are not enum columns (e.g. availability low → 库存紧张). */
  filterValues?: Readonly<Record<string, Readonly<Record<string, string>>>>;
}
