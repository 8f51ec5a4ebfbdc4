/** One page of a list: the rows of the window asked for and how many rows the whole list has. */
export interface Page<Row> {
  total: number;
  records: Row[];
}

/** The rows to skip and to read for one page. */
export interface PageWindow {
  offset: number;
  limit: number;
}

/** The offset and limit of a 1-based page. */
export const pageWindow = (q: { current: number; size: number }): PageWindow => ({ offset: (q.current - 1) * q.size, limit: q.size });

/** The same page with every row mapped (stored rows to the API's records). */
export const mapPage = <Row, Out>(page: Page<Row>, map: (row: Row) => Out): Page<Out> => ({ total: page.total, records: page.records.map(map) });
