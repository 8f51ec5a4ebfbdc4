import { Col, Form, Input, InputNumber, Radio, Row as GridRow, Select } from 'antd';
import type { CallBody } from '@venue/contract';
import * as goods from '@venue/contract/goods';
import { PERMISSIONS } from '@venue/contract/common/access';
import type { z } from 'zod';
import { CrudPage } from '@/components/list/CrudPage';
import { PictureUpload } from '@/components/PictureUpload';
import { STATE_OPTIONS, StateSwitch } from '@/components/StateSwitch';
import { callApi } from '@/lib/http';
import { formatYuan } from '@/lib/money';
import { useClassificationOptions, useSportItemOptions } from '../api/options';
import { fieldsOf, maxLenRule, textRules } from '@/lib/schema-rules';

type Row = z.infer<typeof goods.goods>;
type Values = CallBody<typeof goods.goodsAdd>;
interface Filters {
  goodsQuery?: string;
  classificationId?: number;
  state?: 'A' | 'S';
  isOnSale?: '1' | '0';
}

const SALE_OPTIONS = [
  { value: '1', label: '在售' },
  { value: '0', label: '停售' },
];
const setState = (goodsId: number, patch: { state?: 'A' | 'S'; isOnSale?: '1' | '0' }) => callApi(goods.goodsState, { body: { goodsId, ...patch } });

/** 商品档案: what the till sells, with picture, price, barcode and shorthand code. */
export default function GoodsArchivePage() {
  const classes = useClassificationOptions();
  const items = useSportItemOptions();
  return (
    <CrudPage<Row, Filters, Values>
      entity="商品"
      rowKey="goodsId"
      list={goods.goodsQuery}
      searchFields={
        <>
          <Form.Item name="goodsQuery">
            <Input placeholder="商品名称/条码/助记码" aria-label="商品名称/条码/助记码" allowClear />
          </Form.Item>
          <Form.Item name="classificationId">
            <Select placeholder="商品分类" aria-label="商品分类" allowClear options={classes} style={{ width: 140 }} />
          </Form.Item>
          <Form.Item name="isOnSale">
            <Select placeholder="上架状态" aria-label="上架状态" allowClear options={SALE_OPTIONS} style={{ width: 120 }} />
          </Form.Item>
          <Form.Item name="state">
            <Select placeholder="状态" aria-label="状态" allowClear options={STATE_OPTIONS} style={{ width: 120 }} />
          </Form.Item>
        </>
      }
      columns={[
        {
          title: '图片',
          dataIndex: 'picture',
          width: 70,
          render: (src: string | null) => (src ? <img src={src} alt="" style={{ width: 40, height: 40, objectFit: 'cover', borderRadius: 4 }} /> : '—'),
        },
        { title: '商品名称', dataIndex: 'goodsName' },
        { title: '规格', dataIndex: 'specs' },
        { title: '单位', dataIndex: 'unit', width: 70 },
        { title: '售价（元）', dataIndex: 'price', align: 'right', render: (p: number) => formatYuan(p) },
        { title: '条码', dataIndex: 'barcode' },
        { title: '助记码', dataIndex: 'shorthand' },
        { title: '分类', dataIndex: 'classificationName' },
        { title: '运动项目', dataIndex: 'itemName', render: (n: string | null) => n ?? '—' },
        {
          title: '上架',
          dataIndex: 'isOnSale',
          width: 100,
          render: (_, row) => (
            <StateSwitch
              checked={row.isOnSale === '1'}
              on="在售"
              off="停售"
              permission={PERMISSIONS.goods.archive.edit}
              onChange={(on) => setState(row.goodsId, { isOnSale: on ? '1' : '0' })}
            />
          ),
        },
        {
          title: '状态',
          dataIndex: 'state',
          width: 100,
          render: (_, row) => (
            <StateSwitch
              checked={row.state === 'A'}
              permission={PERMISSIONS.goods.archive.edit}
              onChange={(on) => setState(row.goodsId, { state: on ? 'A' : 'S' })}
            />
          ),
        },
      ]}
      permissions={{ add: PERMISSIONS.goods.archive.add, edit: PERMISSIONS.goods.archive.edit }}
      defaults={{ state: 'A', isOnSale: '1', unit: '个' }}
      toValues={(row) => ({ ...row, barcode: row.barcode ?? undefined, state: row.state as 'A' | 'S' })}
      create={(values) => callApi(goods.goodsAdd, { body: values })}
      update={(row, values) => callApi(goods.goodsEdit, { body: { goodsId: row.goodsId, ...values } })}
      formFields={() => (
        <GridRow gutter={8}>
          <Col span={16}>
            <Form.Item name="goodsName" label="商品名称" labelCol={{ span: 7 }} rules={textRules(fieldsOf(goods.goodsAdd.body).goodsName)}>
              <Input />
            </Form.Item>
            <Form.Item name="classificationId" label="商品分类" labelCol={{ span: 7 }} rules={[{ required: true, message: '请选择商品分类' }]}>
              <Select options={classes} placeholder="请选择商品分类" />
            </Form.Item>
            <Form.Item name="price" label="售价（元）" labelCol={{ span: 7 }} rules={[{ required: true, message: '请输入售价' }]}>
              <InputNumber min={0} max={10000000} precision={2} step={1} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="picture" wrapperCol={{ span: 24 }}>
              <PictureUpload />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="specs" label="规格" rules={textRules(fieldsOf(goods.goodsAdd.body).specs)}>
              <Input placeholder="如 550ml" />
            </Form.Item>
            <Form.Item name="unit" label="单位" rules={textRules(fieldsOf(goods.goodsAdd.body).unit)}>
              <Input placeholder="如 瓶、个、支" />
            </Form.Item>
            <Form.Item
              name="barcode"
              label="条码"
              rules={[maxLenRule(fieldsOf(goods.goodsAdd.body).barcode), { pattern: /^[0-9A-Za-z-]*$/, message: '条码只能包含数字、字母和横线' }]}
            >
              <Input />
            </Form.Item>
            <Form.Item
              name="shorthand"
              label="助记码"
              rules={[maxLenRule(fieldsOf(goods.goodsAdd.body).shorthand), { pattern: /^[0-9A-Za-z]*$/, message: '助记码只能包含字母和数字' }]}
            >
              <Input placeholder="如 nfsq（农夫山泉）" />
            </Form.Item>
            <Form.Item name="itemId" label="运动项目">
              <Select options={items} allowClear placeholder="不属于某个项目可不选" />
            </Form.Item>
            <Form.Item name="isOnSale" label="上架状态">
              <Radio.Group options={SALE_OPTIONS} />
            </Form.Item>
            <Form.Item name="state" label="状态">
              <Radio.Group options={STATE_OPTIONS} />
            </Form.Item>
          </Col>
        </GridRow>
      )}
    />
  );
}
