import { useState } from 'react';
import { Card, Empty, Select, Space, Tabs } from 'antd';
import * as system from '@venue/contract/system';
import { PERMISSIONS } from '@venue/contract/common/access';
import { usePermission } from '@/components/Permission';
import { useApiQuery } from '@/lib/query';
import { useSession } from '@/lib/session';
import { CancelRules } from '../components/CancelRules';
import { FieldTable } from '../components/FieldTable';
import { PriceRules } from '../components/PriceRules';

/** 场地设置: the current venue's fields of an item, their prices, and the tenant's cancellation rules. */
export default function BookingFieldPage() {
  const venueId = useSession((s) => s.user?.currentVenueId ?? null);
  const items = useApiQuery(system.sportItems, { query: { venueId: venueId ?? undefined } }, { enabled: !!venueId }).data ?? [];
  const [picked, setPicked] = useState<number | null>(null);
  const canPrice = usePermission([PERMISSIONS.booking.price.list]);
  const canRules = usePermission([PERMISSIONS.booking.setting.edit]);
  const itemId = picked ?? items[0]?.itemId ?? null;
  if (!venueId) return <Empty description="请先选择当前场馆" />;
  const scoped = (node: (itemId: number) => React.ReactNode) => (itemId ? node(itemId) : <Empty description="当前场馆没有运动项目" />);

  return (
    <Card size="small">
      <Space style={{ marginBottom: 8 }}>
        运动项目
        <Select
          aria-label="运动项目"
          style={{ width: 160 }}
          value={itemId}
          onChange={setPicked}
          options={items.map((i) => ({ value: i.itemId, label: i.itemName }))}
        />
      </Space>
      <Tabs
        items={[
          { key: 'field', label: '场地', children: scoped((id) => <FieldTable venueId={venueId} itemId={id} />) },
          ...(canPrice ? [{ key: 'price', label: '场地价格', children: scoped((id) => <PriceRules venueId={venueId} itemId={id} />) }] : []),
          ...(canRules ? [{ key: 'rules', label: '退订规则', children: <CancelRules /> }] : []),
        ]}
      />
    </Card>
  );
}
