import { Button, Form, Input, InputNumber, Select, Space, Typography, type FormInstance } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { CallBody } from '@venue/contract';
import * as goods from '@venue/contract/goods';
import type { z } from 'zod';
import { sumLines } from '@/lib/money';
import { useApiQuery } from '@/lib/query';
import { useSession } from '@/lib/session';
import { useVenueWarehouseOptions } from '../api/options';
import { fieldsOf, schemaRule, textRules } from '@/lib/schema-rules';

/** A stock-in line's fields, as the server checks them. */
const LINE = fieldsOf(goods.stockInCreate.body).details.element.shape;

export type StockInValues = CallBody<typeof goods.stockInCreate>;
type Goods = z.infer<typeof goods.goods>;
type Supplier = z.infer<typeof goods.supplier>;

const NO_CHOICES: { suppliers: Supplier[]; goods: Goods[] } = { suppliers: [], goods: [] };
const SUPPLY_TYPES = [
  { value: 'A', label: '全价' },
  { value: 'F', label: '阶梯价' },
];

/** The fields of a new stock-in order for the current venue: warehouse, supplier, and goods lines. */
export function StockInForm({ form }: { form: FormInstance<StockInValues> }) {
  const venueId = useSession((s) => s.user?.currentVenueId);
  const warehouses = useVenueWarehouseOptions(venueId) ?? [];
  const choices = useApiQuery(goods.querySupplierAndGoods).data ?? NO_CHOICES;
  const lines = Form.useWatch('details', form) ?? [];
  const total = sumLines(lines.map((l) => ({ price: l?.price ?? 0, qty: l?.quantity ?? 0 })));

  return (
    <>
      <Form.Item name="warehouseId" label="入库仓库" rules={[{ required: true, message: '请选择仓库' }]} extra="只能选择服务当前场馆的仓库">
        <Select options={warehouses} placeholder="请选择仓库" notFoundContent="当前场馆没有可用的商品仓库" />
      </Form.Item>
      <Form.Item name="supplierId" label="供应商" rules={[{ required: true, message: '请选择供应商' }]}>
        <Select
          options={choices.suppliers.map((s) => ({ value: s.supplierId, label: s.supplierName }))}
          placeholder="请选择供应商"
          showSearch={{ optionFilterProp: 'label' }}
        />
      </Form.Item>
      <Form.Item name="supplyType" label="进货价格类型">
        <Select options={SUPPLY_TYPES} />
      </Form.Item>
      <Form.Item label="进货商品" required>
        <Form.List name="details" rules={[{ validator: (_, v) => (v?.length ? Promise.resolve() : Promise.reject(new Error('请选择进货商品'))) }]}>
          {(fields, { add, remove }, { errors }) => (
            <>
              {fields.map((field) => (
                <Space key={field.key} align="baseline" style={{ display: 'flex' }}>
                  <Form.Item name={[field.name, 'goodsId']} rules={[{ required: true, message: '请选择商品' }]}>
                    <Select
                      style={{ width: 220 }}
                      placeholder="商品"
                      showSearch={{ optionFilterProp: 'label' }}
                      options={choices.goods.map((g) => ({ value: g.goodsId, label: `${g.goodsName}${g.specs ? ` ${g.specs}` : ''}` }))}
                    />
                  </Form.Item>
                  <Form.Item name={[field.name, 'quantity']} rules={[{ required: true, message: '请输入数量' }, schemaRule(LINE.quantity)]}>
                    <InputNumber placeholder="数量" />
                  </Form.Item>
                  <Form.Item name={[field.name, 'price']} rules={[{ required: true, message: '请输入进货价' }, schemaRule(LINE.price)]}>
                    <InputNumber placeholder="进货价（元）" style={{ width: 130 }} />
                  </Form.Item>
                  <DeleteOutlined onClick={() => remove(field.name)} aria-label="删除该行" />
                </Space>
              ))}
              <Button type="dashed" onClick={() => add({ quantity: 1 })} icon={<PlusOutlined />}>
                添加商品
              </Button>
              <Form.ErrorList errors={errors} />
            </>
          )}
        </Form.List>
      </Form.Item>
      <Form.Item label="合计">
        <Typography.Text strong>¥ {total}</Typography.Text>
      </Form.Item>
      <Form.Item name="remark" label="备注" rules={textRules(fieldsOf(goods.stockInCreate.body).remark)}>
        <Input.TextArea rows={2} />
      </Form.Item>
    </>
  );
}
