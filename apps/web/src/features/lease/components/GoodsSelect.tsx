import { useEffect, useState } from 'react';
import { Select } from 'antd';
import * as goods from '@venue/contract/goods';
import { callApi } from '@/lib/http';

/** A goods archive entry chosen by name, barcode or shorthand (the lease goods archive lends those). */
export function GoodsSelect({ value, onChange, disabled }: { value?: number; onChange?: (goodsId: number) => void; disabled?: boolean }) {
  const [text, setText] = useState('');
  const [options, setOptions] = useState<{ value: number; label: string }[]>([]);
  useEffect(() => {
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      callApi(goods.goodsQuery, { query: { goodsQuery: text.trim() || undefined, size: 20 } }, { quiet: true, signal: controller.signal })
        .then((page) => setOptions(page.records.map((g) => ({ value: g.goodsId, label: `${g.goodsName}${g.specs ? ` ${g.specs}` : ''}（${g.unit}）` }))))
        .catch(() => undefined);
    }, 250);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [text]);
  return (
    <Select
      showSearch
      aria-label="商品"
      placeholder="输入商品名称、条码或助记码"
      value={value}
      onChange={onChange}
      onSearch={setText}
      filterOption={false}
      options={options}
      disabled={disabled}
    />
  );
}
