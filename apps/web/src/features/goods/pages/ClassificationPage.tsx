import { Form, Input, InputNumber, Radio, Select } from 'antd';
import * as goods from '@venue/contract/goods';
import { PERMISSIONS } from '@venue/contract/common/access';
import type { z } from 'zod';
import { CrudPage, pageLocally } from '@/components/list/CrudPage';
import type { ListSource } from '@/components/list/usePagedList';
import { STATE_OPTIONS, StateSwitch } from '@/components/StateSwitch';
import { callApi } from '@/lib/http';
import { fieldsOf, textRules } from '@/lib/schema-rules';

type Row = z.infer<typeof goods.classificationWithCount>;
type Values = { classificationName: string; state: 'A' | 'S'; sort: number };
interface Filters {
  classificationName?: string;
  state?: string;
}

const edit = (row: Row, patch: Partial<Values>) =>
  callApi(goods.classificationEdit, {
    body: { classificationId: row.classificationId, classificationName: row.classificationName, state: row.state as 'A' | 'S', sort: row.sort, ...patch },
  });

/** All classifications with their goods counts, searched and paged here. */
const LIST: ListSource<Row, Filters> = {
  call: goods.classificationWithGoodsCount,
  fetch: async ({ current, size, classificationName, state }, signal) => {
    const rows = (await callApi(goods.classificationWithGoodsCount, {}, { signal })).filter(
      (r) => (!classificationName || r.classificationName.includes(classificationName)) && (!state || r.state === state),
    );
    return pageLocally(rows, current, size);
  },
};

/** 商品分类: the classes the sale dialog filters by, with how many goods each holds. */
export default function ClassificationPage() {
  return (
    <CrudPage<Row, Filters, Values>
      entity="商品分类"
      rowKey="classificationId"
      list={LIST}
      searchFields={
        <>
          <Form.Item name="classificationName">
            <Input placeholder="分类名称" allowClear />
          </Form.Item>
          <Form.Item name="state">
            <Select placeholder="状态" aria-label="状态" allowClear options={STATE_OPTIONS} style={{ width: 120 }} />
          </Form.Item>
        </>
      }
      columns={[
        { title: '分类名称', dataIndex: 'classificationName' },
        { title: '排序', dataIndex: 'sort', width: 100 },
        { title: '商品数量', dataIndex: 'goodsCount', width: 120 },
        {
          title: '状态',
          dataIndex: 'state',
          width: 120,
          render: (_, row) => (
            <StateSwitch
              checked={row.state === 'A'}
              permission={PERMISSIONS.goods.classification.edit}
              onChange={(on) => edit(row, { state: on ? 'A' : 'S' })}
            />
          ),
        },
      ]}
      permissions={{ add: PERMISSIONS.goods.classification.add, edit: PERMISSIONS.goods.classification.edit }}
      defaults={{ state: 'A', sort: 999 }}
      create={(values) => callApi(goods.classificationAdd, { body: values })}
      update={(row, values) => edit(row, values)}
      formFields={() => (
        <>
          <Form.Item name="classificationName" label="分类名称" rules={textRules(fieldsOf(goods.classificationAdd.body).classificationName)}>
            <Input />
          </Form.Item>
          <Form.Item name="sort" label="排序" rules={[{ required: true, message: '请输入排序' }]}>
            <InputNumber min={0} max={9999} precision={0} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="state" label="状态">
            <Radio.Group options={STATE_OPTIONS} />
          </Form.Item>
        </>
      )}
    />
  );
}
