import { App, Button, Descriptions, Drawer, Table, Tag } from 'antd';
import type { Card } from '@venue/contract';
import * as member from '@venue/contract/member';
import { PERMISSIONS } from '@venue/contract/common/access';
import type { z } from 'zod';
import { Permission } from '@/components/Permission';
import { usePagedList } from '@/components/list/usePagedList';
import { formatTime } from '@/lib/format';
import { formatYuan } from '@/lib/money';
import { toast } from '@/lib/notify';
import { useApiMutation, useApiQuery } from '@/lib/query';
import { MemberDisplay } from './MemberDisplay';

type Consume = z.infer<typeof member.consume>;
export const KIND_LABELS = member.CONSUME_KIND_LABELS;
/** A refund changes the card's records, its totals and its balance in the card list. */
const REFUND_CHANGES = [member.queryOrderConsume, member.getCardSummary, member.all];

/** A card in detail: the member, the totals, and the consume records with refund. */
export function CardDetailDrawer({ card, onClose }: { card: Card; onClose: () => void }) {
  const { modal } = App.useApp();
  const unit = card.payType === 'T' ? '次' : '元';
  /** Times as whole numbers, money with two decimals (spec 9). */
  const amount = (n: number) => (card.payType === 'T' ? String(n) : formatYuan(n));
  const records = usePagedList<Consume, { cardId: number }>(member.queryOrderConsume, { cardId: card.cardId });
  const { data: summary } = useApiQuery(member.getCardSummary, { query: { cardId: card.cardId } });
  const refundConsume = useApiMutation(member.refundCardConsume, { invalidates: REFUND_CHANGES });

  function refund(row: Consume) {
    modal.confirm({
      title: '提示',
      content: `确定退还这笔消费（${amount(Math.abs(row.amount))} ${unit}）到卡内吗？`,
      okText: '确定',
      cancelText: '取消',
      onOk: async () => {
        await refundConsume.mutateAsync({ body: { consumeId: row.consumeId, remark: '' } });
        toast.success('退款成功');
      },
    });
  }

  return (
    <Drawer open title={`会员卡详情：${card.cardNo}`} size={900} onClose={onClose}>
      <MemberDisplay card={card} />
      {summary && (
        <Descriptions size="small" bordered column={4} style={{ margin: '12px 0' }}>
          <Descriptions.Item label="累计充值">
            {amount(summary.totalRecharge)} {unit}
          </Descriptions.Item>
          <Descriptions.Item label="累计消费">
            {amount(summary.totalConsume)} {unit}
          </Descriptions.Item>
          <Descriptions.Item label="累计退款">
            {amount(summary.totalRefund)} {unit}
          </Descriptions.Item>
          <Descriptions.Item label="消费次数">{summary.consumeCount}</Descriptions.Item>
        </Descriptions>
      )}
      {card.remark && <p>备注：{card.remark}</p>}
      <Table<Consume>
        rowKey="consumeId"
        size="small"
        loading={records.loading}
        dataSource={records.records}
        pagination={records.pagination}
        columns={[
          { title: '时间', dataIndex: 'createTime', render: formatTime },
          { title: '类型', dataIndex: 'kind', render: (k: Consume['kind']) => <Tag>{KIND_LABELS[k]}</Tag> },
          { title: `变动（${unit}）`, dataIndex: 'amount', align: 'right', render: (a: number) => (a > 0 ? `+${amount(a)}` : amount(a)) },
          { title: `余额（${unit}）`, dataIndex: 'balanceAfter', align: 'right', render: amount },
          { title: '订单号', dataIndex: 'orderId', render: (id: number | null) => id ?? '—' },
          { title: '备注', dataIndex: 'remark' },
          { title: '操作人', dataIndex: 'createName' },
          {
            title: '操作',
            key: 'actions',
            render: (_, row) =>
              row.refundedBy ? (
                <Tag>已退款</Tag>
              ) : row.refundable ? (
                <Permission value={[PERMISSIONS.member.card.refund]}>
                  <Button size="small" type="link" danger onClick={() => refund(row)}>
                    退款
                  </Button>
                </Permission>
              ) : null,
          },
        ]}
      />
    </Drawer>
  );
}
