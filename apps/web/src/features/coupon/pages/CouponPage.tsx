import { DatePicker, Form, Input, InputNumber, Radio, Select, Tag, Typography } from 'antd';
import type { Coupon } from '@venue/contract';
import * as coupons from '@venue/contract/coupons';
import { PERMISSIONS } from '@venue/contract/common/access';
import { CrudPage } from '@/components/list/CrudPage';
import { STATE_OPTIONS, StateSwitch } from '@/components/StateSwitch';
import { useVenueGroups } from '@/hooks/useVenueGroups';
import { callApi } from '@/lib/http';
import { discountHint, remaining, toBody, toForm, validityText, type CouponForm } from '../coupon-view';

interface Filters {
  couponName?: string;
  couponType?: 'A' | 'D';
  state?: 'A' | 'S';
  venueId?: number;
}
const TYPE_OPTIONS = Object.entries(coupons.COUPON_TYPE_LABELS).map(([value, label]) => ({ value, label }));
const money = { min: 0, max: 9_999_999.99, precision: 2, style: { width: 200 } };

/** 优惠券管理: the venue's own coupons (满减 or 折扣, threshold, validity, venues, quantity), on the shared list pattern. */
export default function CouponPage() {
  const venues = useVenueGroups();
  return (
    <CrudPage<Coupon, Filters, CouponForm>
      entity="优惠券"
      rowKey="couponId"
      list={coupons.couponQuery}
      searchFields={
        <>
          <Form.Item name="couponName">
            <Input placeholder="优惠券名称" aria-label="优惠券名称" allowClear />
          </Form.Item>
          <Form.Item name="couponType">
            <Select placeholder="类型" aria-label="类型" allowClear options={TYPE_OPTIONS} style={{ width: 110 }} />
          </Form.Item>
          <Form.Item name="venueId">
            <Select placeholder="适用场馆" aria-label="适用场馆" allowClear options={venues} style={{ width: 150 }} />
          </Form.Item>
          <Form.Item name="state">
            <Select placeholder="状态" aria-label="状态" allowClear options={STATE_OPTIONS} style={{ width: 100 }} />
          </Form.Item>
        </>
      }
      columns={[
        { title: '优惠券名称', dataIndex: 'couponName' },
        { title: '类型', dataIndex: 'couponType', render: (t: Coupon['couponType']) => coupons.COUPON_TYPE_LABELS[t] },
        { title: '优惠内容', key: 'value', render: (_, c) => coupons.couponValueText(c) },
        {
          title: '有效期',
          key: 'validity',
          render: (_, c) => (
            <>
              {validityText(c)} {c.expired && <Tag color="warning">已过期</Tag>}
            </>
          ),
        },
        { title: '适用场馆', dataIndex: 'venueNames', render: (names: string[]) => names.join('、') },
        { title: '发放总量', dataIndex: 'totalQuantity', align: 'right' },
        { title: '已发放', dataIndex: 'issuedQuantity', align: 'right' },
        { title: '剩余', key: 'remaining', align: 'right', render: (_, c) => remaining(c) },
        { title: '已使用', dataIndex: 'usedQuantity', align: 'right' },
        { title: '每人限领', dataIndex: 'perMemberLimit', align: 'right' },
        {
          title: '状态',
          dataIndex: 'state',
          width: 100,
          render: (_, c) => (
            <StateSwitch
              checked={c.state === 'A'}
              permission={PERMISSIONS.marketing.venueCoupon.edit}
              onChange={(on) => callApi(coupons.couponState, { body: { couponId: c.couponId, state: on ? 'A' : 'S' } })}
            />
          ),
        },
      ]}
      permissions={{ add: PERMISSIONS.marketing.venueCoupon.add, edit: PERMISSIONS.marketing.venueCoupon.edit }}
      defaults={{ couponType: 'A', minSpend: 0, perMemberLimit: 1, state: 'A' }}
      toValues={toForm}
      create={(values) => callApi(coupons.couponAdd, { body: toBody(values) })}
      update={(row, values) => callApi(coupons.couponEdit, { body: { couponId: row.couponId, ...toBody(values) } })}
      formFields={(form, editing) => {
        const locked = !!editing && editing.issuedQuantity + editing.usedQuantity > 0;
        return (
          <>
            <Form.Item name="couponName" label="优惠券名称" rules={[{ required: true, message: '请输入优惠券名称' }]}>
              <Input maxLength={30} />
            </Form.Item>
            <Form.Item name="couponType" label="类型" extra={locked ? '已发放的优惠券不能修改类型、面额、折扣和使用门槛' : undefined}>
              <Radio.Group options={TYPE_OPTIONS} disabled={locked} />
            </Form.Item>
            <Form.Item noStyle shouldUpdate={(a, b) => a.couponType !== b.couponType || a.discount !== b.discount}>
              {() =>
                form.getFieldValue('couponType') === 'D' ? (
                  <Form.Item
                    name="discount"
                    label="折扣（‰）"
                    extra={discountHint(form.getFieldValue('discount'))}
                    rules={[{ required: true, message: '请输入折扣' }]}
                  >
                    <InputNumber min={1} max={999} precision={0} disabled={locked} style={{ width: 200 }} />
                  </Form.Item>
                ) : (
                  <Form.Item name="amount" label="减免金额（元）" rules={[{ required: true, message: '请输入减免金额' }]}>
                    <InputNumber {...money} min={0.01} disabled={locked} />
                  </Form.Item>
                )
              }
            </Form.Item>
            <Form.Item name="minSpend" label="使用门槛（元，0 无门槛）">
              <InputNumber {...money} disabled={locked} />
            </Form.Item>
            <Form.Item name="range" label="有效期" rules={[{ required: true, message: '请选择有效期' }]}>
              <DatePicker.RangePicker placeholder={['开始日期', '结束日期']} />
            </Form.Item>
            <Form.Item name="venueIds" label="适用场馆" rules={[{ required: true, message: '请选择适用场馆' }]}>
              <Select mode="multiple" options={venues} placeholder="请选择适用场馆" />
            </Form.Item>
            <Form.Item name="totalQuantity" label="发放总量" rules={[{ required: true, message: '请输入发放总量' }]}>
              <InputNumber min={Math.max(1, editing?.issuedQuantity ?? 0)} max={coupons.MAX_COUPON_QUANTITY} precision={0} style={{ width: 200 }} />
            </Form.Item>
            <Form.Item name="perMemberLimit" label="每人限领" rules={[{ required: true, message: '请输入每人限领' }]}>
              <InputNumber min={1} max={coupons.MAX_PER_MEMBER} precision={0} style={{ width: 200 }} />
            </Form.Item>
            <Form.Item name="state" label="状态">
              <Radio.Group options={STATE_OPTIONS} />
            </Form.Item>
            <Form.Item name="remark" label="备注">
              <Input.TextArea maxLength={200} rows={2} />
            </Form.Item>
          </>
        );
      }}
      toolbar={() => (
        <Typography.Text type="secondary">金额以元计；发券在 营销管理 › 发券，使用与作废见 领用记录。收款时使用优惠券将在后续版本开放。</Typography.Text>
      )}
    />
  );
}
