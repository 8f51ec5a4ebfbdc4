import { Button, Form, Input, InputNumber, Radio, Select, Space, Switch, Tabs } from 'antd';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import * as member from '@venue/contract/member';
import * as system from '@venue/contract/system';
import { PERMISSIONS } from '@venue/contract/common/access';
import type { z } from 'zod';
import { CrudPage } from '@/components/list/CrudPage';
import { StateSwitch } from '@/components/StateSwitch';
import { useVenueGroups } from '@/hooks/useVenueGroups';
import { callApi } from '@/lib/http';
import { formatYuan } from '@/lib/money';
import { useApiQuery } from '@/lib/query';
import { MemberTypeList } from '../components/MemberTypeList';

type Row = member.CardTypeAdmin;
type Values = z.input<typeof member.cardTypeForm>;
interface Filters {
  cardTypeName?: string;
  payType?: 'M' | 'T' | 'D';
  state?: 'A' | 'S';
}
const PAY_TYPE_OPTIONS = Object.entries(member.CARD_PAY_TYPE_LABELS).map(([value, label]) => ({ value, label: `${label}卡` }));
const SALE_OPTIONS = Object.entries(member.SALE_STATE_LABELS).map(([value, label]) => ({ value, label }));
const toValues = (r: Row): Values => {
  const { cardTypeId: _id, venueNames: _names, ...rest } = r;
  return rest;
};
const save = (row: Row | null, values: Values) =>
  row ? callApi(member.cardTypeEdit, { body: { ...values, cardTypeId: row.cardTypeId } }) : callApi(member.cardTypeAdd, { body: values });
/** What a card of the type holds and for how long: 面值300元赠30元 / 10次 / 1个月. */
function content(r: Row) {
  const bonus = r.bonus > 0 ? `，赠${r.payType === 'M' ? `${formatYuan(r.bonus)}元` : `${r.bonus}次`}` : '';
  const value = r.payType === 'M' ? `面值${formatYuan(r.face)}元${bonus}` : r.payType === 'T' ? `${r.face}次${bonus}` : '';
  const validity = r.validMonths > 0 ? `${r.validMonths}个月` : r.validDays > 0 ? `${r.validDays}天` : '长期';
  return [value, `有效期${validity}（${member.VALID_STARTS[r.validStart]}）`].filter(Boolean).join('；');
}

/** 会员卡类型 and, on the second tab, 会员类型 (the list the member archive picks from). */
export default function CardTypePage() {
  return (
    <Tabs
      items={[
        { key: 'cardType', label: '会员卡类型', children: <CardTypeList /> },
        { key: 'memberType', label: '会员类型', children: <MemberTypeList /> },
      ]}
    />
  );
}

/** 会员卡类型: stored-value (M), count (T) and period (D) types with price, value, validity, discount, fees, venues and items, on sale or not. */
function CardTypeList() {
  const venueGroups = useVenueGroups();
  const items = useApiQuery(system.sportItems, { query: {} }).data ?? [];
  return (
    <CrudPage<Row, Filters, Values>
      entity="会员卡类型"
      rowKey="cardTypeId"
      list={member.cardTypePage}
      searchFields={
        <>
          <Form.Item name="cardTypeName">
            <Input placeholder="卡类型名称" allowClear />
          </Form.Item>
          <Form.Item name="payType">
            <Select placeholder="卡类别" aria-label="卡类别" allowClear options={PAY_TYPE_OPTIONS} style={{ width: 120 }} />
          </Form.Item>
          <Form.Item name="state">
            <Select placeholder="销售状态" aria-label="销售状态" allowClear options={SALE_OPTIONS} style={{ width: 120 }} />
          </Form.Item>
        </>
      }
      columns={[
        { title: '卡类型名称', dataIndex: 'cardTypeName' },
        { title: '卡类别', dataIndex: 'payType', width: 80, render: (p: Row['payType']) => `${member.CARD_PAY_TYPE_LABELS[p]}卡` },
        { title: '售价（元）', dataIndex: 'price', width: 100, render: (p: number) => formatYuan(p) },
        { title: '卡内容', key: 'content', render: (_, r) => content(r) },
        { title: '商品折扣', key: 'discount', width: 90, render: (_, r) => (r.discountable ? `${r.discountPerMille}‰` : '不打折') },
        {
          title: '延期/补卡费',
          key: 'fees',
          width: 120,
          render: (_, r) => `${r.payType === 'M' ? '—' : `${formatYuan(r.extendDayPrice)}元/天`} / ${formatYuan(r.replaceFee)}元`,
        },
        { title: '适用场馆', key: 'venues', render: (_, r) => (r.venueNames.length ? r.venueNames.join('、') : '全部场馆') },
        {
          title: '销售状态',
          dataIndex: 'state',
          width: 100,
          render: (_, row) => (
            <StateSwitch
              checked={row.state === 'A'}
              on="在售"
              off="停售"
              permission={PERMISSIONS.member.cardType.edit}
              onChange={(on) => callApi(member.cardTypeSetState, { body: { cardTypeId: row.cardTypeId, state: on ? 'A' : 'S' } })}
            />
          ),
        },
      ]}
      permissions={{ add: PERMISSIONS.member.cardType.add, edit: PERMISSIONS.member.cardType.edit }}
      defaults={{
        payType: 'M',
        price: 0,
        face: 0,
        bonus: 0,
        validDays: 0,
        validMonths: 0,
        validStart: 'O',
        discountable: false,
        discountPerMille: 1000,
        extendDayPrice: 0,
        replaceFee: 0,
        venueIds: [],
        itemIds: [],
        rechargeRules: [],
        state: 'A',
        sort: 999,
      }}
      toValues={toValues}
      create={(values) => save(null, values)}
      update={(row, values) => save(row, values)}
      formFields={(form) => (
        <Form.Item noStyle shouldUpdate>
          {() => {
            const payType = form.getFieldValue('payType') as Values['payType'];
            const unit = payType === 'M' ? '元' : '次';
            return (
              <>
                <Form.Item name="cardTypeName" label="卡类型名称" rules={[{ required: true, whitespace: true, message: '请输入卡类型名称' }]}>
                  <Input maxLength={30} />
                </Form.Item>
                <Form.Item name="payType" label="卡类别" rules={[{ required: true, message: '请选择卡类别' }]}>
                  <Radio.Group options={PAY_TYPE_OPTIONS} />
                </Form.Item>
                <Form.Item name="price" label="售价（元）" rules={[{ required: true, message: '请输入售价' }]}>
                  <InputNumber min={0} precision={2} style={{ width: 160 }} />
                </Form.Item>
                {payType !== 'D' && (
                  <Space>
                    <Form.Item
                      name="face"
                      label={payType === 'M' ? '面值（元）' : '次数'}
                      labelCol={{ span: 10 }}
                      rules={[{ required: true, message: '请输入面值' }]}
                    >
                      <InputNumber min={0} precision={payType === 'M' ? 2 : 0} style={{ width: 120 }} />
                    </Form.Item>
                    <Form.Item name="bonus" label={`赠送（${unit}）`} labelCol={{ span: 10 }}>
                      <InputNumber min={0} precision={payType === 'M' ? 2 : 0} style={{ width: 120 }} />
                    </Form.Item>
                  </Space>
                )}
                <Form.Item label="有效期" extra="天数与月数填一个；储值卡可都为0（长期有效）">
                  <Space wrap>
                    <Form.Item name="validDays" noStyle>
                      <InputNumber min={0} max={36500} precision={0} addonAfter="天" aria-label="有效天数" style={{ width: 130 }} />
                    </Form.Item>
                    <Form.Item name="validMonths" noStyle>
                      <InputNumber min={0} max={1200} precision={0} addonAfter="个月" aria-label="有效月数" style={{ width: 140 }} />
                    </Form.Item>
                    <Form.Item name="validStart" noStyle>
                      <Select
                        aria-label="生效方式"
                        options={Object.entries(member.VALID_STARTS).map(([value, label]) => ({ value, label }))}
                        style={{ width: 120 }}
                      />
                    </Form.Item>
                  </Space>
                </Form.Item>
                <Form.Item label="商品折扣">
                  <Space>
                    <Form.Item name="discountable" valuePropName="checked" noStyle>
                      <Switch checkedChildren="打折" unCheckedChildren="不打折" aria-label="是否打折" />
                    </Form.Item>
                    <Form.Item name="discountPerMille" noStyle>
                      <InputNumber min={1} max={1000} precision={0} addonAfter="‰" aria-label="商品折扣" style={{ width: 130 }} />
                    </Form.Item>
                  </Space>
                </Form.Item>
                {payType !== 'M' && (
                  <Form.Item name="extendDayPrice" label="延期价格" extra="每延期一天的价格（元），0 为免费">
                    <InputNumber min={0} precision={2} addonAfter="元/天" style={{ width: 160 }} />
                  </Form.Item>
                )}
                <Form.Item name="replaceFee" label="补卡费（元）" extra="补卡时通过收款收取，0 为不收费">
                  <InputNumber min={0} precision={2} style={{ width: 160 }} />
                </Form.Item>
                {payType !== 'D' && (
                  <Form.Item label="充值赠送">
                    <Form.List name="rechargeRules">
                      {(fields, { add, remove }) => (
                        <>
                          {fields.map((f) => (
                            <Space key={f.key} style={{ marginBottom: 4 }}>
                              充值满
                              <Form.Item name={[f.name, 'min']} noStyle>
                                <InputNumber min={0.01} precision={payType === 'M' ? 2 : 0} aria-label="充值满" style={{ width: 100 }} />
                              </Form.Item>
                              {unit}送
                              <Form.Item name={[f.name, 'bonus']} noStyle>
                                <InputNumber min={0} precision={payType === 'M' ? 2 : 0} aria-label="赠送" style={{ width: 100 }} />
                              </Form.Item>
                              {unit}
                              <Button type="text" aria-label="删除规则" icon={<MinusCircleOutlined />} onClick={() => remove(f.name)} />
                            </Space>
                          ))}
                          <Button icon={<PlusOutlined />} onClick={() => add({ min: 100, bonus: 0 })}>
                            添加规则
                          </Button>
                        </>
                      )}
                    </Form.List>
                  </Form.Item>
                )}
                <Form.Item name="venueIds" label="适用场馆" extra="不选为全部场馆">
                  <Select mode="multiple" options={venueGroups} placeholder="全部场馆" allowClear />
                </Form.Item>
                <Form.Item name="itemIds" label="运动项目" extra="不选为全部项目">
                  <Select mode="multiple" options={items.map((i) => ({ value: i.itemId, label: i.itemName }))} placeholder="全部项目" allowClear />
                </Form.Item>
                <Form.Item name="state" label="销售状态">
                  <Radio.Group options={SALE_OPTIONS} />
                </Form.Item>
                <Form.Item name="sort" label="排序">
                  <InputNumber min={0} max={9999} precision={0} />
                </Form.Item>
              </>
            );
          }}
        </Form.Item>
      )}
    />
  );
}
