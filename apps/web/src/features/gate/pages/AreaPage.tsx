import { Button, Form, Input, InputNumber, Popconfirm } from 'antd';
import * as gate from '@venue/contract/gate';
import { PERMISSIONS } from '@venue/contract/common/access';
import type { Area } from '@venue/contract/gate';
import { CrudPage } from '@/components/list/CrudPage';
import { usePermission } from '@/components/Permission';
import { callApi } from '@/lib/http';
import { toast } from '@/lib/notify';
import { textRules } from '@/lib/schema-rules';

type Values = { areaName: string; sort: number; remark?: string };
interface Filters {
  areaName?: string;
}

/** 区域管理: the areas the remote-control dialog groups gates by (left list, after 全部区域). */
export default function AreaPage() {
  const mayDelete = usePermission([PERMISSIONS.gate.area.del]);
  return (
    <CrudPage<Area, Filters, Values>
      entity="区域"
      rowKey="areaId"
      list={gate.areaQuery}
      searchFields={
        <Form.Item name="areaName">
          <Input placeholder="区域名称" allowClear />
        </Form.Item>
      }
      columns={[
        { title: '区域名称', dataIndex: 'areaName' },
        { title: '闸机数量', dataIndex: 'gateCount', width: 110 },
        { title: '排序', dataIndex: 'sort', width: 100 },
        { title: '备注', dataIndex: 'remark' },
      ]}
      permissions={{ add: PERMISSIONS.gate.area.add, edit: PERMISSIONS.gate.area.edit }}
      defaults={{ sort: 999 }}
      create={(values) => callApi(gate.areaAdd, { body: values })}
      update={(row, values) => callApi(gate.areaEdit, { body: { areaId: row.areaId, ...values } })}
      rowActions={(row, reload) =>
        mayDelete && (
          <Popconfirm
            title={`确定删除区域「${row.areaName}」吗？`}
            okText="确定"
            cancelText="取消"
            onConfirm={async () => {
              try {
                await callApi(gate.areaDelete, { params: { id: row.areaId } });
              } catch {
                return; // the refusal (gates still in the area) has been shown
              }
              toast.success('删除成功');
              await reload();
            }}
          >
            <Button size="small" type="link" danger>
              删除
            </Button>
          </Popconfirm>
        )
      }
      formFields={() => (
        <>
          <Form.Item name="areaName" label="区域名称" rules={textRules(gate.areaFields.areaName)}>
            <Input />
          </Form.Item>
          <Form.Item name="sort" label="排序">
            <InputNumber min={0} max={9999} precision={0} />
          </Form.Item>
          <Form.Item name="remark" label="备注" rules={textRules(gate.areaFields.remark)}>
            <Input.TextArea rows={3} />
          </Form.Item>
        </>
      )}
    />
  );
}
