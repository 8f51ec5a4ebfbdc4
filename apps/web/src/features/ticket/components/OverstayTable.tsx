import { Button, Table, Tag } from 'antd';
import type { TicketOverstay } from '@venue/contract';
import { formatYuan } from '@/lib/money';

/** 超时明细 (queryDetailWithTimeout): each ticket of the order, whether it is inside and what leaving now would owe. */
export function OverstayTable({ rows, onCharge }: { rows: TicketOverstay[]; onCharge: (row: TicketOverstay) => void }) {
  return (
    <Table<TicketOverstay>
      size="small"
      rowKey="detailId"
      dataSource={rows}
      pagination={false}
      style={{ marginTop: 8 }}
      locale={{ emptyText: '暂无数据' }}
      columns={[
        { title: '票种', dataIndex: 'typeName' },
        { title: '入场时间', dataIndex: 'checkTime', render: (t: string | null) => t ?? '—' },
        { title: '时段结束', dataIndex: 'slotEnd', render: (t: string | null) => t ?? '—' },
        { title: '手牌', dataIndex: 'handNo', render: (h: string | null) => h ?? '—' },
        {
          title: '超时',
          key: 'over',
          render: (_, r) =>
            !r.inside ? (
              <Tag>{r.exitTime ? '已离场' : '未入场'}</Tag>
            ) : r.timeoutPrice > 0 ? (
              <Tag color="warning">{r.timeoutMinutes} 分钟</Tag>
            ) : (
              <Tag color="success">未超时</Tag>
            ),
        },
        { title: '超时费', dataIndex: 'timeoutPrice', align: 'right', render: (p: number) => (p > 0 ? formatYuan(p) : '—') },
        {
          title: '操作',
          key: 'op',
          render: (_, r) =>
            r.inside && r.timeoutPrice > 0 ? (
              <Button size="small" type="link" onClick={() => onCharge(r)}>
                收超时费
              </Button>
            ) : null,
        },
      ]}
    />
  );
}
