import { Table, Tag, type TableColumnsType } from 'antd';
import type { BookingOrder } from '@venue/contract';
import * as booking from '@venue/contract/booking';
import { formatYuan } from '@/lib/money';

type Line = BookingOrder['details'][number];
/** As the other verification tables (spec 4): to be used green, in use grey, anything else a warning. */
const LINE_COLORS: Record<string, string> = { A: 'success', U: 'default' };

export interface BookingLinesTableProps {
  rows: Line[];
  /** Ticked lines, and which can be ticked; no `onSelect`: no checkboxes. */
  selected?: number[];
  onSelect?: (ids: number[]) => void;
  selectable?: (row: Line) => boolean;
  loading?: boolean;
  /** Columns after the state (退订: the fee and refund of each cell). */
  extra?: TableColumnsType<Line>;
}

/** An order's booked cells: field, date, time, heads, price, state; optionally ticked (开场, 退订). */
export function BookingLinesTable({ rows, selected = [], onSelect, selectable = () => true, loading, extra = [] }: BookingLinesTableProps) {
  return (
    <Table<Line>
      size="small"
      rowKey="detailId"
      dataSource={rows}
      loading={loading}
      pagination={false}
      scroll={{ y: 220, x: 560 }}
      locale={{ emptyText: '暂无数据' }}
      rowSelection={
        onSelect && {
          selectedRowKeys: selected,
          onChange: (keys) => onSelect(keys.map(Number)),
          getCheckboxProps: (row) => ({ disabled: !selectable(row), 'aria-label': `选择 ${row.fieldName} ${row.useDate} ${row.beginTime}` }),
        }
      }
      columns={[
        { title: '场地', dataIndex: 'fieldName', width: 100, ellipsis: true },
        { title: '日期', dataIndex: 'useDate', width: 110 },
        { title: '时段', key: 'time', width: 110, render: (_, r) => `${r.beginTime}-${r.endTime}` },
        { title: '人数', dataIndex: 'quantity', width: 60 },
        { title: '单价（元）', dataIndex: 'price', width: 90, render: (p: number) => formatYuan(p) },
        {
          title: '状态',
          dataIndex: 'state',
          width: 90,
          render: (s: string) => <Tag color={LINE_COLORS[s] ?? 'warning'}>{booking.LINE_STATE_LABELS[s] ?? s}</Tag>,
        },
        ...extra,
      ]}
    />
  );
}
