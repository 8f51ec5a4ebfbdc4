import { useState } from 'react';
import { App, Button, Checkbox, Form, Input, InputNumber, Select, Space, Table } from 'antd';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import type { PriceRule } from '@venue/contract';
import * as bookingAdmin from '@venue/contract/booking-admin';
import * as member from '@venue/contract/member';
import { PERMISSIONS } from '@venue/contract/common/access';
import { FormDialog } from '@/components/list/FormDialog';
import { usePermission } from '@/components/Permission';
import { formatYuan } from '@/lib/money';
import { useApiMutation, useApiQuery } from '@/lib/query';
import { memberEntryBody, memberEntryText } from '../booking-view';

/** A member entry as the form edits it: a price (yuan), or a times card type's times a cell. */
type MemberEntry = { cardTypeId: number; price?: number | null; times?: number | null };
type Values = Omit<PriceRule, 'ruleId' | 'venueId' | 'itemId' | 'dates' | 'memberPrices'> & {
  dates: string;
  memberPrices: MemberEntry[];
};
const WEEK_OPTIONS = [1, 2, 3, 4, 5, 6, 7].map((w) => ({ value: w, label: `周${bookingAdmin.WEEKDAY_LABELS[w]}` }));
const DEFAULTS: Partial<Values> = {
  ruleName: '',
  fieldIds: [],
  weekdays: [1, 2, 3, 4, 5, 6, 7],
  dates: '',
  beginTime: '08:00',
  endTime: '22:00',
  memberPrices: [],
};
const HHMM = { pattern: /^(([01]\d|2[0-3]):[0-5]\d|24:00)$/, message: '格式应为HH:mm' };
const TIMES_HELP = `计次卡填写每个时段扣除的次数（按人数售卖的场地为每人每时段）；未设置的计次卡默认每个时段扣 ${bookingAdmin.DEFAULT_TIMES} 次`;

/** 场地价格: the item's price rules (by weekday or holiday dates, a time segment, member prices by card type). */
export function PriceRules({ venueId, itemId }: { venueId: number; itemId: number }) {
  const { modal } = App.useApp();
  const rules = useApiQuery(bookingAdmin.priceQuery, { query: { venueId, itemId } });
  const fields = useApiQuery(bookingAdmin.fieldQuery, { query: { venueId, itemId } }).data ?? [];
  const canEdit = usePermission([PERMISSIONS.booking.price.edit]);
  const cardTypes = useApiQuery(member.cardTypes, {}, { enabled: canEdit, quiet: true }).data ?? [];
  const [editing, setEditing] = useState<PriceRule | 'new' | null>(null);
  const invalidates = [bookingAdmin.priceQuery];
  const saveRule = useApiMutation(bookingAdmin.priceSave, { invalidates });
  const remove = useApiMutation(bookingAdmin.priceRemove, { invalidates });
  const fieldName = (id: number) => fields.find((f) => f.fieldId === id)?.fieldName ?? String(id);
  const payTypeOf = (cardTypeId: number | undefined) => cardTypes.find((t) => t.cardTypeId === cardTypeId)?.payType;
  const isTimes = (cardTypeId: number | undefined) => payTypeOf(cardTypeId) === 'T';
  const save = ({ dates, memberPrices, ...v }: Values) =>
    saveRule.mutateAsync({
      body: {
        ...v,
        venueId,
        itemId,
        ruleId: editing && editing !== 'new' ? editing.ruleId : undefined,
        dates: dates.split(/[\s,，]+/).filter(Boolean),
        memberPrices: (memberPrices ?? []).map((m) => memberEntryBody(m, payTypeOf(m.cardTypeId))),
      },
    });
  async function drop(rule: PriceRule) {
    const ok = await modal.confirm({
      title: '删除价格规则',
      content: `确定删除「${rule.ruleName}」吗？已下的订单价格不变。`,
      okText: '确定',
      cancelText: '取消',
    });
    if (ok) await remove.mutateAsync({ body: { ruleId: rule.ruleId } }).catch(() => null);
  }

  return (
    <>
      {canEdit && (
        <Button type="primary" style={{ marginBottom: 8 }} onClick={() => setEditing('new')}>
          新增价格规则
        </Button>
      )}
      <Table<PriceRule>
        size="small"
        rowKey="ruleId"
        loading={rules.isLoading}
        dataSource={rules.data ?? []}
        pagination={false}
        locale={{ emptyText: '暂无价格规则' }}
        columns={[
          { title: '规则名称', dataIndex: 'ruleName' },
          { title: '场地', key: 'fields', render: (_, r) => (r.fieldIds.length ? r.fieldIds.map(fieldName).join('、') : '全部场地') },
          {
            title: '日期',
            key: 'days',
            render: (_, r) => (r.dates.length ? `节假日 ${r.dates.join('、')}` : r.weekdays.map((w) => `周${bookingAdmin.WEEKDAY_LABELS[w]}`).join('、')),
          },
          { title: '时间段', key: 'time', width: 110, render: (_, r) => `${r.beginTime}-${r.endTime}` },
          { title: '价格（元）', dataIndex: 'price', width: 90, render: (p: number) => formatYuan(p) },
          { title: '会员价 / 计次卡次数', key: 'member', render: (_, r) => r.memberPrices.map(memberEntryText).join('；') || '—' },
          ...(canEdit
            ? [
                {
                  title: '操作',
                  key: 'op',
                  width: 120,
                  render: (_: unknown, r: PriceRule) => (
                    <>
                      <Button type="link" size="small" onClick={() => setEditing(r)}>
                        编辑
                      </Button>
                      <Button type="link" size="small" danger onClick={() => void drop(r)}>
                        删除
                      </Button>
                    </>
                  ),
                },
              ]
            : []),
        ]}
      />
      <FormDialog<Values>
        open={!!editing}
        title={editing === 'new' ? '新增价格规则' : '编辑价格规则'}
        initialValues={editing && editing !== 'new' ? { ...editing, dates: editing.dates.join(' ') } : DEFAULTS}
        onSubmit={save}
        onClose={() => setEditing(null)}
      >
        <Form.Item name="ruleName" label="规则名称" rules={[{ required: true, whitespace: true, message: '请输入规则名称' }]}>
          <Input maxLength={20} />
        </Form.Item>
        <Form.Item name="fieldIds" label="场地（不选为全部场地）">
          <Select mode="multiple" allowClear options={fields.map((f) => ({ value: f.fieldId, label: f.fieldName }))} />
        </Form.Item>
        <Form.Item name="weekdays" label="星期">
          <Checkbox.Group options={WEEK_OPTIONS} />
        </Form.Item>
        <Form.Item name="dates" label="节假日日期（填写后只在这些日期适用，空格分隔）">
          <Input placeholder="2026-10-01 2026-10-02" />
        </Form.Item>
        <Space>
          <Form.Item name="beginTime" label="开始时间" rules={[{ required: true, message: '请输入开始时间' }, HHMM]}>
            <Input placeholder="HH:mm" style={{ width: 100 }} />
          </Form.Item>
          <Form.Item name="endTime" label="结束时间" rules={[{ required: true, message: '请输入结束时间' }, HHMM]}>
            <Input placeholder="HH:mm" style={{ width: 100 }} />
          </Form.Item>
          <Form.Item name="price" label="价格（元）" rules={[{ required: true, message: '请输入价格' }]}>
            <InputNumber min={0} precision={2} />
          </Form.Item>
        </Space>
        <Form.Item label="会员价" extra={TIMES_HELP}>
          <Form.List name="memberPrices">
            {(items, { add, remove: removeItem }) => (
              <>
                {items.map((f, i) => (
                  <Space key={f.key} style={{ marginBottom: 4 }}>
                    <Form.Item name={[f.name, 'cardTypeId']} noStyle rules={[{ required: true, message: '请选择会员卡类型' }]}>
                      <Select
                        aria-label={`会员价${i + 1}卡类型`}
                        style={{ width: 160 }}
                        options={cardTypes.map((t) => ({ value: t.cardTypeId, label: t.payType === 'T' ? `${t.cardTypeName}（计次）` : t.cardTypeName }))}
                      />
                    </Form.Item>
                    <Form.Item noStyle shouldUpdate>
                      {({ getFieldValue }) =>
                        isTimes(getFieldValue(['memberPrices', f.name, 'cardTypeId']) as number | undefined) ? (
                          <Form.Item name={[f.name, 'times']} noStyle rules={[{ required: true, message: '请输入每个时段扣除的次数' }]}>
                            <InputNumber aria-label={`会员价${i + 1}次数`} min={1} max={bookingAdmin.MAX_CELL_TIMES} precision={0} addonAfter="次" />
                          </Form.Item>
                        ) : (
                          <Form.Item name={[f.name, 'price']} noStyle rules={[{ required: true, message: '请输入会员价' }]}>
                            <InputNumber aria-label={`会员价${i + 1}价格`} min={0} precision={2} addonAfter="元" />
                          </Form.Item>
                        )
                      }
                    </Form.Item>
                    <Button type="text" aria-label={`删除会员价${i + 1}`} icon={<MinusCircleOutlined />} onClick={() => removeItem(f.name)} />
                  </Space>
                ))}
                <Button icon={<PlusOutlined />} onClick={() => add()}>
                  添加会员价
                </Button>
              </>
            )}
          </Form.List>
        </Form.Item>
      </FormDialog>
    </>
  );
}
