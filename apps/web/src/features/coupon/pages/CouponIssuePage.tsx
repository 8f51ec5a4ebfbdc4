import { useMemo, useState } from 'react';
import { Button, Card, Descriptions, Empty, Form, Input, InputNumber, Select, Space, Table, Tag, Typography } from 'antd';
import * as coupons from '@venue/contract/coupons';
import type { IssueMember } from '@venue/contract/coupons';
import { notify } from '@/lib/notify';
import { useApiMutation, useApiQuery } from '@/lib/query';
import { issueProblem, remaining, validityText } from '../coupon-view';

/** 发券: choose a coupon, find members by name or phone, tick one or many, and issue N each within the limits. */
export default function CouponIssuePage() {
  const options = useApiQuery(coupons.couponOptions, { query: { issuable: 'T' } });
  const [couponId, setCouponId] = useState<number>();
  const [keyword, setKeyword] = useState('');
  const [searched, setSearched] = useState<string | null>(null);
  const [chosen, setChosen] = useState<Map<number, IssueMember>>(new Map());
  const [quantity, setQuantity] = useState(1);
  const [remark, setRemark] = useState('');
  const coupon = options.data?.find((c) => c.couponId === couponId);
  const found = useApiQuery(coupons.issueMembers, { query: { keyword: searched ?? '', couponId } }, { enabled: searched !== null });
  const issue = useApiMutation(coupons.issue, { invalidates: [coupons.couponOptions, coupons.issueMembers, coupons.couponQuery, coupons.recordQuery] });
  // The held counts shown are the latest search's (they follow the chosen coupon).
  const members = useMemo(() => [...chosen.values()].map((m) => found.data?.find((f) => f.memberId === m.memberId) ?? m), [chosen, found.data]);

  const choose = (rows: IssueMember[], on: boolean) =>
    setChosen((prev) => {
      const next = new Map(prev);
      for (const r of rows)
        if (on) next.set(r.memberId, r);
        else next.delete(r.memberId);
      return next;
    });

  async function submit() {
    const problem = issueProblem(coupon, members, quantity);
    if (problem) return notify.warning(problem);
    try {
      const done = await issue.mutateAsync({
        body: { couponId: coupon!.couponId, memberIds: members.map((m) => m.memberId), quantity, remark: remark || undefined },
      });
      notify.success(coupons.COUPON_TEXTS.issued(done.issued));
      setChosen(new Map());
      setRemark('');
    } catch {
      // shown by the HTTP client
    }
  }

  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }}>
      <Card size="small" title="选择优惠券">
        <Select
          aria-label="优惠券"
          placeholder="请选择优惠券"
          style={{ width: '100%', maxWidth: 420 }}
          value={couponId}
          onChange={setCouponId}
          loading={options.isLoading}
          showSearch
          optionFilterProp="label"
          options={(options.data ?? []).map((c) => ({ value: c.couponId, label: `${c.couponName}（${coupons.couponValueText(c)}，剩余${remaining(c)}张）` }))}
          notFoundContent={<Empty description="没有可发放的优惠券（启用且未过期）" />}
        />
        {coupon && (
          <Descriptions size="small" column={{ xs: 1, sm: 2, md: 3 }} style={{ marginTop: 12 }}>
            <Descriptions.Item label="优惠内容">{coupons.couponValueText(coupon)}</Descriptions.Item>
            <Descriptions.Item label="有效期">{validityText(coupon)}</Descriptions.Item>
            <Descriptions.Item label="适用场馆">{coupon.venueNames.join('、')}</Descriptions.Item>
            <Descriptions.Item label="剩余/总量">
              {remaining(coupon)} / {coupon.totalQuantity}
            </Descriptions.Item>
            <Descriptions.Item label="每人限领">{coupon.perMemberLimit}</Descriptions.Item>
          </Descriptions>
        )}
      </Card>
      <Card size="small" title="选择会员">
        <Input.Search
          aria-label="会员姓名/手机号"
          placeholder="会员姓名/手机号"
          enterButton="查找"
          allowClear
          style={{ maxWidth: 360 }}
          value={keyword}
          onChange={(e) => setKeyword(e.target.value)}
          onSearch={(value) => setSearched(value.trim())}
        />
        {searched !== null && (
          <Table<IssueMember>
            style={{ marginTop: 12 }}
            size="small"
            rowKey="memberId"
            loading={found.isFetching}
            dataSource={found.data ?? []}
            pagination={false}
            rowSelection={{
              selectedRowKeys: [...chosen.keys()],
              onSelect: (row, on) => choose([row], on),
              onSelectAll: (on, _rows, changed) => choose(changed, on),
            }}
            columns={[
              { title: '会员', dataIndex: 'memberName' },
              { title: '手机号', dataIndex: 'phone' },
              { title: '已领（本券）', dataIndex: 'held', align: 'right', render: (n: number) => (couponId ? n : '—') },
            ]}
          />
        )}
      </Card>
      <Card size="small" title={`发放（已选 ${members.length} 位会员）`}>
        <Space wrap style={{ marginBottom: 12 }}>
          {members.length === 0 && <Typography.Text type="secondary">请在上方查找并勾选会员</Typography.Text>}
          {members.map((m) => (
            <Tag key={m.memberId} closable onClose={() => choose([m], false)}>
              {m.memberName} {m.phone}
            </Tag>
          ))}
        </Space>
        <Form layout="inline" style={{ rowGap: 8 }} onFinish={() => void submit()}>
          <Form.Item label="每人张数">
            <InputNumber aria-label="每人张数" min={1} max={coupons.MAX_PER_MEMBER} precision={0} value={quantity} onChange={(v) => setQuantity(v ?? 1)} />
          </Form.Item>
          <Form.Item label="备注">
            <Input aria-label="备注" maxLength={200} value={remark} onChange={(e) => setRemark(e.target.value)} style={{ width: 220 }} />
          </Form.Item>
          <Form.Item>
            <Button type="primary" htmlType="submit" loading={issue.isPending}>
              发放
            </Button>
          </Form.Item>
        </Form>
      </Card>
    </Space>
  );
}
