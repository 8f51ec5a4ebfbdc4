import { useState } from 'react';
import { Button, DatePicker, Form, Input, Modal, Select, Tag } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import type { MemberCoupon } from '@venue/contract';
import * as coupons from '@venue/contract/coupons';
import { PERMISSIONS } from '@venue/contract/common/access';
import type { MemberCouponFilters } from '@venue/contract/coupons';
import { CrudPage } from '@/components/list/CrudPage';
import { Permission, usePermission } from '@/components/Permission';
import { formatTime } from '@/lib/format';
import { downloadFile } from '@/lib/http';
import { notify } from '@/lib/notify';
import { useApiMutation, useApiQuery } from '@/lib/query';
import { MEMBER_COUPON_STATE_COLORS, recordFilters, validityText } from '../coupon-view';

const STATE_OPTIONS = Object.entries(coupons.MEMBER_COUPON_STATE_LABELS).map(([value, label]) => ({ value, label }));

/** 领用记录: every coupon issued to a member, its use and 作废 (an unused one, with a reason), with .xlsx export. */
export default function MemberCouponPage() {
  const canRevoke = usePermission([PERMISSIONS.marketing.memberCoupon.revoke]);
  const options = useApiQuery(coupons.couponOptions, { query: {} }).data ?? [];
  const [revoking, setRevoking] = useState<{ row: MemberCoupon; reload: () => Promise<void> } | null>(null);
  const [reason, setReason] = useState('');
  const revoke = useApiMutation(coupons.revoke, { invalidates: [coupons.recordQuery, coupons.couponQuery, coupons.couponOptions] });
  return (
    <>
      <CrudPage<MemberCoupon, MemberCouponFilters, object>
        entity="领用记录"
        rowKey="memberCouponId"
        list={coupons.recordQuery}
        toFilters={recordFilters}
        searchFields={
          <>
            <Form.Item name="range">
              <DatePicker.RangePicker placeholder={['发放开始日期', '发放结束日期']} />
            </Form.Item>
            <Form.Item name="couponId">
              <Select
                placeholder="优惠券"
                aria-label="优惠券"
                allowClear
                options={options.map((c) => ({ value: c.couponId, label: c.couponName }))}
                style={{ width: 160 }}
              />
            </Form.Item>
            <Form.Item name="keyword">
              <Input placeholder="会员姓名/手机号" aria-label="会员姓名/手机号" allowClear style={{ width: 150 }} />
            </Form.Item>
            <Form.Item name="code">
              <Input placeholder="券码" aria-label="券码" allowClear style={{ width: 150 }} />
            </Form.Item>
            <Form.Item name="state">
              <Select placeholder="状态" aria-label="状态" allowClear options={STATE_OPTIONS} style={{ width: 100 }} />
            </Form.Item>
          </>
        }
        columns={[
          { title: '券码', dataIndex: 'code' },
          { title: '优惠券', dataIndex: 'couponName' },
          { title: '优惠内容', key: 'value', render: (_, r) => coupons.couponValueText(r) },
          { title: '有效期', key: 'validity', render: (_, r) => validityText(r) },
          { title: '会员', dataIndex: 'memberName' },
          { title: '手机号', dataIndex: 'phone' },
          {
            title: '状态',
            dataIndex: 'state',
            render: (s: MemberCoupon['state']) => <Tag color={MEMBER_COUPON_STATE_COLORS[s]}>{coupons.MEMBER_COUPON_STATE_LABELS[s]}</Tag>,
          },
          { title: '发放时间', dataIndex: 'issueTime', render: (t: string) => formatTime(t) },
          { title: '发放人', dataIndex: 'issueUserName' },
          {
            title: '使用',
            key: 'use',
            render: (_, r) => (r.useTime ? `${formatTime(r.useTime)} ${r.useVenueName ?? ''} ${r.useOrderNo ?? ''}` : ''),
          },
          {
            title: '作废',
            key: 'revoke',
            render: (_, r) => (r.revokeTime ? `${r.revokeUserName ?? ''} ${formatTime(r.revokeTime)}${r.revokeReason ? `（${r.revokeReason}）` : ''}` : ''),
          },
          { title: '备注', dataIndex: 'remark' },
        ]}
        actionWidth={90}
        rowActions={(r, reload) =>
          canRevoke &&
          r.state === 'U' && (
            <Button
              size="small"
              type="link"
              onClick={() => {
                setReason('');
                setRevoking({ row: r, reload });
              }}
            >
              作废
            </Button>
          )
        }
        toolbar={(_, filters) => (
          <Permission value={[PERMISSIONS.marketing.memberCoupon.export]}>
            <Button icon={<DownloadOutlined />} onClick={() => void downloadFile(coupons.recordExport, { query: filters })}>
              导出
            </Button>
          </Permission>
        )}
      />
      <Modal
        open={!!revoking}
        title="作废优惠券"
        okText="确定作废"
        cancelText="取消"
        okButtonProps={{ danger: true, loading: revoke.isPending }}
        onCancel={() => setRevoking(null)}
        onOk={async () => {
          if (!revoking) return;
          try {
            await revoke.mutateAsync({ body: { memberCouponId: revoking.row.memberCouponId, reason: reason || undefined } });
            notify.success(coupons.COUPON_TEXTS.revoked);
            setRevoking(null);
            await revoking.reload();
          } catch {
            // shown by the HTTP client
          }
        }}
      >
        {revoking && (
          <>
            <p>
              确定作废 {revoking.row.memberName} 的优惠券「{revoking.row.couponName}」（券码 {revoking.row.code}）吗？作废后数量退回该优惠券。
            </p>
            <Input.TextArea
              aria-label="作废原因"
              placeholder="作废原因（选填）"
              maxLength={200}
              rows={2}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
            />
          </>
        )}
      </Modal>
    </>
  );
}
