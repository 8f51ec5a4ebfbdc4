import { Table, Tag } from 'antd';
import type { TicketRow } from '@venue/contract';
import { selectable, stateTag, datesText, timesText } from '../ticket-view';

type Row = TicketRow & { handNo?: string | null };

export interface TicketTableProps {
  rows: Row[];
  selected: number[];
  onSelect: (ids: number[]) => void;
  loading?: boolean;
}

/** The ticket tab's table (spec 2.8): type, use dates, use times, status; 220 px high; only 待使用 rows can be ticked. */
export function TicketTable({ rows, selected, onSelect, loading }: TicketTableProps) {
  return (
    <Table<Row>
      size="small"
      rowKey="detailId"
      dataSource={rows}
      loading={loading}
      pagination={false}
      scroll={{ y: 220 }}
      locale={{ emptyText: '暂无数据' }}
      rowSelection={{
        selectedRowKeys: selected,
        onChange: (keys) => onSelect(keys.map(Number)),
        getCheckboxProps: (row) => ({ disabled: !selectable(row), 'aria-label': `选择 ${row.typeName} ${row.qrCode.slice(-4)}` }),
      }}
      columns={[
        { title: '票种', dataIndex: 'typeName' },
        { title: '使用日期', key: 'dates', render: (_, r) => datesText(r) },
        { title: '使用时间', key: 'times', render: (_, r) => timesText(r) },
        ...(rows.some((r) => r.handNo !== undefined) ? [{ title: '手牌', key: 'hand', width: 90, render: (_: unknown, r: Row) => r.handNo ?? '—' }] : []),
        {
          title: '票据状态',
          dataIndex: 'detailState',
          width: 100,
          render: (s: string) => {
            const tag = stateTag(s);
            return <Tag color={tag.color}>{tag.text}</Tag>;
          },
        },
      ]}
    />
  );
}
