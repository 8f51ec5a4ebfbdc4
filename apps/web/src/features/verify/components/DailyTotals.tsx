import { useState } from 'react';
import { Card, DatePicker, Table } from 'antd';
import type { Dayjs } from 'dayjs';
import * as marketing from '@venue/contract/marketing';
import { fenToYuan, sumFen } from '../money';
import { useApiQuery } from '@/lib/query';
import { dateRange } from '@/lib/time';

/** 每日核销汇总: verified and not cancelled, per day and sku, to check against the platform's settlement. */
export function DailyTotals() {
  const [range, setRange] = useState<[Dayjs, Dayjs] | null>(null);
  const [beginTime, endTime] = (range && dateRange(range[0], range[1])) ?? [];
  const totals = useApiQuery(marketing.dailyTotals, { query: { beginTime, endTime } });
  const rows = totals.data ?? [];
  return (
    <Card
      size="small"
      title="每日核销汇总（对账）"
      style={{ marginTop: 16 }}
      extra={
        <DatePicker.RangePicker
          aria-label="汇总日期"
          value={range}
          onChange={(v) => setRange(v as [Dayjs, Dayjs] | null)}
          placeholder={['开始日期', '结束日期']}
        />
      }
    >
      <Table
        size="small"
        rowKey={(r) => `${r.day}|${r.skuId}`}
        loading={totals.isFetching}
        dataSource={rows}
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        columns={[
          { title: '日期', dataIndex: 'day' },
          { title: '商品', dataIndex: 'skuTitle' },
          { title: '张数', dataIndex: 'count', align: 'right' },
          { title: '实付金额（元）', dataIndex: 'payAmount', align: 'right', render: (fen: number) => fenToYuan(fen) },
        ]}
        summary={() =>
          rows.length > 0 && (
            <Table.Summary.Row>
              <Table.Summary.Cell index={0} colSpan={2}>
                合计
              </Table.Summary.Cell>
              <Table.Summary.Cell index={2} align="right">
                {rows.reduce((n, r) => n + r.count, 0)}
              </Table.Summary.Cell>
              <Table.Summary.Cell index={3} align="right">
                {sumFen(rows.map((r) => r.payAmount))}
              </Table.Summary.Cell>
            </Table.Summary.Row>
          )
        }
      />
    </Card>
  );
}
