import { Form, Input, Radio, Select, Tag } from 'antd';
import * as goods from '@venue/contract/goods';
import { PERMISSIONS } from '@venue/contract/common/access';
import type { z } from 'zod';
import { CrudPage } from '@/components/list/CrudPage';
import { STATE_OPTIONS, StateSwitch } from '@/components/StateSwitch';
import { callApi } from '@/lib/http';
import { useVenueGroups } from '@/hooks/useVenueGroups';
import { fieldsOf, textRules } from '@/lib/schema-rules';

type Row = z.infer<typeof goods.warehouse>;
type Values = { warehouseName: string; state: 'A' | 'S'; venueIds: number[]; remark?: string };
interface Filters {
  warehouseName?: string;
  state?: 'A' | 'S';
}

const edit = (row: Row, patch: Partial<Values>) =>
  callApi(goods.warehouseEdit, {
    body: {
      warehouseId: row.warehouseId,
      warehouseName: row.warehouseName,
      state: row.state as 'A' | 'S',
      venueIds: row.venueIds,
      remark: row.remark,
      ...patch,
    },
  });

/** 仓库管理: warehouses and the venues each one serves (the till sells from these). */
export default function WarehousePage() {
  const venueGroups = useVenueGroups();
  return (
    <CrudPage<Row, Filters, Values>
      entity="仓库"
      rowKey="warehouseId"
      list={goods.warehouseQuery}
      searchFields={
        <>
          <Form.Item name="warehouseName">
            <Input placeholder="仓库名称" allowClear />
          </Form.Item>
          <Form.Item name="state">
            <Select placeholder="状态" aria-label="状态" allowClear options={STATE_OPTIONS} style={{ width: 120 }} />
          </Form.Item>
        </>
      }
      columns={[
        { title: '仓库名称', dataIndex: 'warehouseName' },
        { title: '服务场馆', dataIndex: 'venueNames', render: (names: string[]) => names.map((n) => <Tag key={n}>{n}</Tag>) },
        { title: '备注', dataIndex: 'remark' },
        {
          title: '状态',
          dataIndex: 'state',
          width: 120,
          render: (_, row) => (
            <StateSwitch checked={row.state === 'A'} permission={PERMISSIONS.goods.warehouse.edit} onChange={(on) => edit(row, { state: on ? 'A' : 'S' })} />
          ),
        },
      ]}
      permissions={{ add: PERMISSIONS.goods.warehouse.add, edit: PERMISSIONS.goods.warehouse.edit }}
      defaults={{ state: 'A', venueIds: [] }}
      create={(values) => callApi(goods.warehouseAdd, { body: values })}
      update={(row, values) => edit(row, values)}
      formFields={() => (
        <>
          <Form.Item name="warehouseName" label="仓库名称" rules={textRules(fieldsOf(goods.warehouseAdd.body).warehouseName)}>
            <Input />
          </Form.Item>
          <Form.Item name="venueIds" label="服务场馆" rules={[{ required: true, message: '请选择服务场馆' }]}>
            <Select mode="multiple" options={venueGroups} placeholder="请选择服务场馆" optionFilterProp="label" />
          </Form.Item>
          <Form.Item name="state" label="状态">
            <Radio.Group options={STATE_OPTIONS} />
          </Form.Item>
          <Form.Item name="remark" label="备注" rules={textRules(fieldsOf(goods.warehouseAdd.body).remark)}>
            <Input.TextArea rows={3} />
          </Form.Item>
        </>
      )}
    />
  );
}
