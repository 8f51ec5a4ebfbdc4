import { useState, type Ref } from 'react';
import { Input, Select, Space, Typography, type InputRef } from 'antd';
import { namedClear, namedSearch } from '@/components/namedIcons';
import type { Option } from '@/features/goods';
import { toast } from '@/lib/notify';
import { SCAN_MIN_LENGTH } from '@/lib/scanner';
import { findGoods, useSaleGoods } from '../useSaleGoods';
import { GoodsTiles, type Tile } from '@/features/checkout';
import styles from './GoodsSaleDialog.module.css';

const ALL = 0;
const isBarcodeLike = (text: string) => text.length >= SCAN_MIN_LENGTH && /^\d+$/.test(text);

/** The left of the sale dialog: warehouse (when there are several), class, keyword, and the goods tiles. */
export function GoodsPicker({
  warehouses,
  warehouseId,
  onWarehouse,
  onAdd,
  scanBox,
}: {
  /** undefined while loading; empty when the venue has no warehouse. */
  warehouses: Option[] | undefined;
  warehouseId: number | null;
  onWarehouse: (warehouseId: number) => void;
  onAdd: (tile: Tile) => void;
  /** The keyword box, which the dialog focuses on opening, on F4 and after a payment. */
  scanBox?: Ref<InputRef>;
}) {
  const [classId, setClassId] = useState(ALL);
  const [keyword, setKeyword] = useState('');
  const { tiles, loading } = useSaleGoods(warehouseId, keyword);
  const classes = [...new Map(tiles.map((t) => [t.classificationId, t.classificationName])).entries()];
  const shown = classId === ALL ? tiles : tiles.filter((t) => t.classificationId === classId);
  // Enter on a keyword that leaves exactly one goods item (in the class shown) adds it, and the box is ready for the next.
  // A code (digits only, scan length) is a barcode: it adds only the goods whose barcode it is, never
  // another that starts with it (a scan split by a pause left its fragment here once); an unknown one goes.
  async function addTheOnlyMatch(value: string) {
    const text = value.trim();
    if (!text || !warehouseId) return;
    const found = await findGoods(warehouseId, text).catch(() => []);
    const code = isBarcodeLike(text);
    const matches = (code ? found.filter((t) => t.barcode === text) : found).filter((t) => classId === ALL || t.classificationId === classId);
    if (matches.length === 1) onAdd(matches[0]);
    else if (code) toast.warning(`未找到条码为 ${text} 的商品`);
    else return;
    setKeyword('');
  }

  return (
    <>
      <Space wrap style={{ marginBottom: 8 }} className={styles.filters}>
        {warehouses && warehouses.length > 1 && (
          <Select value={warehouseId} options={warehouses} onChange={onWarehouse} style={{ width: 150 }} aria-label="仓库" />
        )}
        <Select
          value={classId}
          onChange={setClassId}
          className={styles.classSelect}
          options={[{ value: ALL, label: '全部分类' }, ...classes.map(([value, label]) => ({ value, label }))]}
          aria-label="商品分类"
        />
        <Input.Search
          ref={scanBox}
          autoFocus
          value={keyword}
          onChange={(e) => setKeyword(e.target.value)}
          onSearch={(value) => void addTheOnlyMatch(value)}
          placeholder="扫码/商品名称/助记码"
          aria-label="扫码/商品名称/助记码"
          searchIcon={namedSearch('查找商品')}
          allowClear={namedClear}
          className={styles.scanBox}
        />
      </Space>
      {warehouses && warehouses.length === 0 ? (
        <Typography.Text type="warning">当前场馆没有可用的商品仓库</Typography.Text>
      ) : (
        <GoodsTiles tiles={shown} loading={loading} onAdd={onAdd} />
      )}
    </>
  );
}
