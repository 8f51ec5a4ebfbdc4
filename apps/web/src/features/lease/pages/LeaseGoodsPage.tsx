import { Form, Input, InputNumber, Radio, Select, Typography } from 'antd';
import type { CallBody, LeaseGoods } from '@venue/contract';
import * as lease from '@venue/contract/lease';
import * as system from '@venue/contract/system';
import { PERMISSIONS } from '@venue/contract/common/access';
import { CrudPage } from '@/components/list/CrudPage';
import { STATE_OPTIONS, StateSwitch } from '@/components/StateSwitch';
import { callApi } from '@/lib/http';
import { formatYuan } from '@/lib/money';
import { useApiQuery } from '@/lib/query';
import { useSession } from '@/lib/session';
import { GoodsSelect } from '../components/GoodsSelect';

type Values = CallBody<typeof lease.goodsAdd>;
interface Filters {
  goodsName?: string;
  itemId?: number;
  state?: 'A' | 'S';
}
const RENT_MODES = Object.entries(lease.RENT_MODE_LABELS).map(([value, label]) => ({ value, label }));
const fieldsOf = (row: LeaseGoods): Omit<Values, 'goodsId'> => ({
  itemId: row.itemId,
  rentMode: row.rentMode,
  price: row.price,
  unitMinutes: row.unitMinutes,
  freeMinutes: row.freeMinutes,
  dailyCap: row.dailyCap,
  deposit: row.deposit,
  state: row.state,
});
const money = { min: 0, max: 9_999_999.99, precision: 2, style: { width: 200 } };

/** 租赁商品档案: goods of the archive lent out, their rent, deposit and the current venue's stock (stock-in and adjustments: 商品管理). */
export default function LeaseGoodsPage() {
  const venueId = useSession((s) => s.user?.currentVenueId ?? undefined);
  const items = useApiQuery(system.sportItems, { query: {} }).data ?? [];
  const itemOptions = items.map((i) => ({ value: i.itemId, label: i.itemName }));
  return (
    <CrudPage<LeaseGoods, Filters, Values>
      entity="租赁商品"
      rowKey="leaseGoodsId"
      list={{ call: lease.goodsQuery, fetch: (query, signal) => callApi(lease.goodsQuery, { query: { ...query, venueId } }, { signal }) }}
      searchFields={
        <>
          <Form.Item name="goodsName">
            <Input placeholder="商品名称" allowClear />
          </Form.Item>
          <Form.Item name="itemId">
            <Select placeholder="项目" aria-label="项目" allowClear options={itemOptions} style={{ width: 140 }} />
          </Form.Item>
          <Form.Item name="state">
            <Select placeholder="状态" aria-label="状态" allowClear options={STATE_OPTIONS} style={{ width: 120 }} />
          </Form.Item>
        </>
      }
      columns={[
        { title: '商品名称', dataIndex: 'goodsName', render: (name: string, row) => `${name}${row.specs ? ` ${row.specs}` : ''}` },
        { title: '项目', dataIndex: 'itemName' },
        { title: '计费方式', dataIndex: 'rentMode', render: (m: string, row) => (m === 'T' ? `按时（${row.unitMinutes}分钟）` : '按次') },
        { title: '租金（元）', dataIndex: 'price', render: (p: number) => formatYuan(p) },
        { title: '免费时长', dataIndex: 'freeMinutes', render: (m: number, row) => (row.rentMode === 'T' ? `${m}分钟` : '—') },
        { title: '每日封顶（元）', dataIndex: 'dailyCap', render: (c: number, row) => (row.rentMode === 'T' && c > 0 ? formatYuan(c) : '—') },
        { title: '押金（元）', dataIndex: 'deposit', render: (d: number) => formatYuan(d) },
        { title: '当前场馆库存', dataIndex: 'qty', render: (q: number, row) => `${q} ${row.unit}` },
        {
          title: '状态',
          dataIndex: 'state',
          width: 100,
          render: (_, row) => (
            <StateSwitch
              checked={row.state === 'A'}
              permission={PERMISSIONS.lease.goods.edit}
              onChange={(on) => callApi(lease.goodsState, { body: { leaseGoodsId: row.leaseGoodsId, state: on ? 'A' : 'S' } })}
            />
          ),
        },
      ]}
      permissions={{ add: PERMISSIONS.lease.goods.add, edit: PERMISSIONS.lease.goods.edit }}
      defaults={{ rentMode: 'U', unitMinutes: 60, freeMinutes: 0, dailyCap: 0, state: 'A' }}
      toValues={(row) => ({ goodsId: row.goodsId, ...fieldsOf(row) })}
      create={(values) => callApi(lease.goodsAdd, { body: values })}
      update={(row, values) => callApi(lease.goodsEdit, { body: { leaseGoodsId: row.leaseGoodsId, ...values } })}
      toolbar={() => <Typography.Text type="secondary">库存随 商品管理 › 进货、库存调整 入账；出租与归还记入库存流水。</Typography.Text>}
      formFields={(form, editing) => (
        <>
          <Form.Item name="goodsId" label="商品" rules={[{ required: true, message: '请选择商品' }]}>
            <GoodsSelect disabled={!!editing} />
          </Form.Item>
          <Form.Item name="itemId" label="项目" rules={[{ required: true, message: '请选择项目' }]}>
            <Select options={itemOptions} placeholder="请选择项目" />
          </Form.Item>
          <Form.Item name="rentMode" label="计费方式">
            <Radio.Group options={RENT_MODES} />
          </Form.Item>
          <Form.Item name="price" label="租金（元）" rules={[{ required: true, message: '请输入租金' }]}>
            <InputNumber {...money} />
          </Form.Item>
          <Form.Item noStyle shouldUpdate={(a, b) => a.rentMode !== b.rentMode}>
            {() =>
              form.getFieldValue('rentMode') === 'T' && (
                <>
                  <Form.Item name="unitMinutes" label="计时单位（分钟）">
                    <InputNumber min={1} max={10080} precision={0} style={{ width: 200 }} />
                  </Form.Item>
                  <Form.Item name="freeMinutes" label="免费时长（分钟）">
                    <InputNumber min={0} max={10080} precision={0} style={{ width: 200 }} />
                  </Form.Item>
                  <Form.Item name="dailyCap" label="每日封顶（元，0 不封顶）">
                    <InputNumber {...money} />
                  </Form.Item>
                </>
              )
            }
          </Form.Item>
          <Form.Item name="deposit" label="押金（元）" rules={[{ required: true, message: '请输入押金' }]}>
            <InputNumber {...money} />
          </Form.Item>
          <Form.Item name="state" label="状态">
            <Radio.Group options={STATE_OPTIONS} />
          </Form.Item>
        </>
      )}
    />
  );
}
