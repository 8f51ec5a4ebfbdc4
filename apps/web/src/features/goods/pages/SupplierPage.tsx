import { Form, Input, Radio, Select } from 'antd';
import type { CallBody } from '@venue/contract';
import * as goods from '@venue/contract/goods';
import { PERMISSIONS } from '@venue/contract/common/access';
import type { z } from 'zod';
import { CrudPage } from '@/components/list/CrudPage';
import { STATE_OPTIONS, StateSwitch } from '@/components/StateSwitch';
import { callApi } from '@/lib/http';
import { rules } from '@/lib/validators';
import { fieldsOf, textRules } from '@/lib/schema-rules';

type Row = z.infer<typeof goods.supplier>;
type Values = CallBody<typeof goods.supplierAdd>;
interface Filters {
  supplierName?: string;
  state?: 'A' | 'S';
}

const edit = (row: Row, patch: Partial<Values>) => callApi(goods.supplierEdit, { body: { ...row, state: row.state as 'A' | 'S', ...patch } });

/** 供应商: who the venue buys its goods from. */
export default function SupplierPage() {
  return (
    <CrudPage<Row, Filters, Values>
      entity="供应商"
      rowKey="supplierId"
      list={goods.querySupplier}
      searchFields={
        <>
          <Form.Item name="supplierName">
            <Input placeholder="供应商名称" allowClear />
          </Form.Item>
          <Form.Item name="state">
            <Select placeholder="状态" aria-label="状态" allowClear options={STATE_OPTIONS} style={{ width: 120 }} />
          </Form.Item>
        </>
      }
      columns={[
        { title: '供应商名称', dataIndex: 'supplierName' },
        { title: '联系人', dataIndex: 'contact' },
        { title: '电话', dataIndex: 'phone' },
        { title: '地址', dataIndex: 'address' },
        { title: '备注', dataIndex: 'remark' },
        {
          title: '状态',
          dataIndex: 'state',
          width: 120,
          render: (_, row) => (
            <StateSwitch checked={row.state === 'A'} permission={PERMISSIONS.goods.supplier.edit} onChange={(on) => edit(row, { state: on ? 'A' : 'S' })} />
          ),
        },
      ]}
      permissions={{ add: PERMISSIONS.goods.supplier.add, edit: PERMISSIONS.goods.supplier.edit }}
      defaults={{ state: 'A' }}
      create={(values) => callApi(goods.supplierAdd, { body: values })}
      update={(row, values) => edit(row, values)}
      formFields={() => (
        <>
          <Form.Item name="supplierName" label="供应商名称" rules={textRules(fieldsOf(goods.supplierAdd.body).supplierName)}>
            <Input />
          </Form.Item>
          <Form.Item name="contact" label="联系人" rules={textRules(fieldsOf(goods.supplierAdd.body).contact)}>
            <Input />
          </Form.Item>
          <Form.Item name="phone" label="电话" rules={[rules.phoneOrLandline]}>
            <Input />
          </Form.Item>
          <Form.Item name="address" label="地址" rules={textRules(fieldsOf(goods.supplierAdd.body).address)}>
            <Input />
          </Form.Item>
          <Form.Item name="state" label="状态">
            <Radio.Group options={STATE_OPTIONS} />
          </Form.Item>
          <Form.Item name="remark" label="备注" rules={textRules(fieldsOf(goods.supplierAdd.body).remark)}>
            <Input.TextArea rows={3} />
          </Form.Item>
        </>
      )}
    />
  );
}
