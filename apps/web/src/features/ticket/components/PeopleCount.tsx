import { Card, Statistic, Space } from 'antd';
import * as ticket from '@venue/contract/ticket';
import { useApiQuery } from '@/lib/query';

/** 场内人数: verified entries not yet out, per item of the venue (the boards read the same call). */
export function PeopleCount({ venueId }: { venueId: number }) {
  const rows = useApiQuery(ticket.queryPeopleCount, { query: { venueId } }, { refetchInterval: 30_000 }).data ?? [];
  const total = rows.reduce((sum, r) => sum + r.count, 0);
  return (
    <Card title="场内人数" size="small">
      <Space size="large" wrap>
        <Statistic title="合计" value={total} suffix="人" />
        {rows.map((r) => (
          <Statistic key={r.itemId} title={r.itemName} value={r.count} suffix="人" />
        ))}
      </Space>
    </Card>
  );
}
