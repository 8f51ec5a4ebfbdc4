/** The offset and limit of a 1-based page. */
export const pageWindow = (q: { current: number; size: number }) => ({ offset: (q.current - 1) * q.size, limit: q.size });

/** A page answer from a count and mapped rows. */
export const pageOf = <Row, Out>(total: number | string | bigint, rows: Row[], map: (row: Row) => Out) => ({ total: Number(total), records: rows.map(map) });
