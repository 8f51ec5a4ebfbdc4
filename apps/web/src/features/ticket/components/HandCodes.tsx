import { Input, Space } from 'antd';
import type { TicketRow } from '@venue/contract';

/** The wristband handed out with each ticked ticket whose type issues one: scanned or typed before 确认. */
export function HandCodes({
  rows,
  values,
  onChange,
}: {
  rows: TicketRow[];
  values: Record<number, string>;
  onChange: (detailId: number, code: string) => void;
}) {
  if (!rows.length) return null;
  return (
    <Space direction="vertical" style={{ width: '100%', marginTop: 12 }}>
      {rows.map((r) => (
        <Input
          key={r.detailId}
          addonBefore={`手牌（${r.qrCode}）`}
          aria-label={`手牌 ${r.qrCode}`}
          data-own-scan
          placeholder="请扫描或输入手牌号"
          maxLength={32}
          allowClear
          value={values[r.detailId] ?? ''}
          onChange={(e) => onChange(r.detailId, e.target.value)}
        />
      ))}
    </Space>
  );
}
