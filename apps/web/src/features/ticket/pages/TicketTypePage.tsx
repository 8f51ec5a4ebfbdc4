import { Button, Form, Input, InputNumber, Radio, Select, Space, type FormInstance, type SelectProps } from 'antd';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import type { TicketType } from '@venue/contract';
import * as system from '@venue/contract/system';
import * as ticket from '@venue/contract/ticket';
import { PERMISSIONS } from '@venue/contract/common/access';
import { CrudPage } from '@/components/list/CrudPage';
import { STATE_OPTIONS, StateSwitch } from '@/components/StateSwitch';
import { useVenueGroups } from '@/hooks/useVenueGroups';
import { callApi } from '@/lib/http';
import { formatYuan } from '@/lib/money';
import { useApiQuery } from '@/lib/query';
import { timesText } from '../ticket-view';

type Values = Omit<TicketType, 'typeId' | 'venueName' | 'itemName' | 'state' | 'withHand'> & { state: 'A' | 'S'; withHand: 'T' | 'F' };
interface Filters {
  typeName?: string;
  state?: 'A' | 'S';
}
const WEEK_OPTIONS = [1, 2, 3, 4, 5, 6, 7].map((w) => ({ value: w, label: `周${ticket.WEEK_LABELS[w]}` }));
const toValues = (row: TicketType): Values => ({ ...row, state: row.state as 'A' | 'S', withHand: row.withHand as 'T' | 'F' });
const save = (row: TicketType | null, values: Values) =>
  row ? callApi(ticket.typeEdit, { body: { ...values, typeId: row.typeId } }) : callApi(ticket.typeAdd, { body: values });

/** The venue's sports items; Form.Item passes value and onChange through. */
function ItemSelect({ form, ...select }: { form: FormInstance<Values> } & SelectProps) {
  const venueId = Form.useWatch('venueId', form);
  const items = useApiQuery(system.sportItems, { query: { venueId } }, { enabled: !!venueId }).data ?? [];
  return <Select {...select} placeholder="请选择运动项目" options={items.map((i) => ({ value: i.itemId, label: i.itemName }))} />;
}

/** 票种管理: ticket types of the user's venues, with their use-time slots per weekday range. */
export default function TicketTypePage() {
  const venueGroups = useVenueGroups();
  return (
    <CrudPage<TicketType, Filters, Values>
      entity="票种"
      rowKey="typeId"
      list={ticket.typeQuery}
      searchFields={
        <>
          <Form.Item name="typeName">
            <Input placeholder="票种名称" allowClear />
          </Form.Item>
          <Form.Item name="state">
            <Select placeholder="状态" aria-label="状态" allowClear options={STATE_OPTIONS} style={{ width: 120 }} />
          </Form.Item>
        </>
      }
      columns={[
        { title: '票种名称', dataIndex: 'typeName' },
        { title: '场馆', dataIndex: 'venueName' },
        { title: '运动项目', dataIndex: 'itemName' },
        { title: '票价（元）', dataIndex: 'price', render: (p: number) => formatYuan(p) },
        { title: '有效期', key: 'dates', render: (_, r) => `${r.useBeginDate} 至 ${r.useEndDate}` },
        { title: '使用时段', key: 'times', render: (_, r) => timesText(r) },
        { title: '可用次数', dataIndex: 'uses', width: 90 },
        { title: '超时规则', key: 'overtime', render: (_, r) => `免费${r.freeMinutes}分钟，之后每${r.overtimeMinutes}分钟${formatYuan(r.overtimePrice)}元` },
        {
          title: '状态',
          dataIndex: 'state',
          width: 100,
          render: (_, row) => (
            <StateSwitch
              checked={row.state === 'A'}
              permission={PERMISSIONS.ticket.type.edit}
              onChange={(on) => save(row, { ...toValues(row), state: on ? 'A' : 'S' })}
            />
          ),
        },
      ]}
      permissions={{ add: PERMISSIONS.ticket.type.add, edit: PERMISSIONS.ticket.type.edit }}
      defaults={{
        state: 'A',
        withHand: 'F',
        uses: 1,
        freeMinutes: 15,
        overtimeMinutes: 30,
        overtimePrice: 0,
        useTimeList: [{ beginWeek: 1, endWeek: 7, beginTime: '08:00', endTime: '22:00' }],
      }}
      toValues={toValues}
      create={(values) => save(null, values)}
      update={(row, values) => save(row, values)}
      formFields={(form) => (
        <>
          <Form.Item name="typeName" label="票种名称" rules={[{ required: true, message: '请输入票种名称' }]}>
            <Input maxLength={30} />
          </Form.Item>
          <Form.Item name="venueId" label="场馆" rules={[{ required: true, message: '请选择场馆' }]}>
            <Select options={venueGroups} placeholder="请选择场馆" onChange={() => form.setFieldValue('itemId', undefined)} />
          </Form.Item>
          <Form.Item name="itemId" label="运动项目" rules={[{ required: true, message: '请选择运动项目' }]}>
            <ItemSelect form={form} />
          </Form.Item>
          <Form.Item name="price" label="票价（元）" rules={[{ required: true, message: '请输入票价' }]}>
            <InputNumber min={0} precision={2} style={{ width: 160 }} />
          </Form.Item>
          <Form.Item name="useBeginDate" label="有效期开始" rules={[{ required: true, pattern: /^\d{4}-\d{2}-\d{2}$/, message: '格式：2026-01-01' }]}>
            <Input placeholder="yyyy-MM-dd" />
          </Form.Item>
          <Form.Item name="useEndDate" label="有效期结束" rules={[{ required: true, pattern: /^\d{4}-\d{2}-\d{2}$/, message: '格式：2026-12-31' }]}>
            <Input placeholder="yyyy-MM-dd" />
          </Form.Item>
          <Form.Item label="使用时段" required>
            <Form.List name="useTimeList">
              {(fields, { add, remove }) => (
                <>
                  {fields.map((f) => (
                    <Space key={f.key} wrap style={{ marginBottom: 4 }}>
                      <Form.Item name={[f.name, 'beginWeek']} noStyle>
                        <Select aria-label="开始星期" options={WEEK_OPTIONS} style={{ width: 80 }} />
                      </Form.Item>
                      至
                      <Form.Item name={[f.name, 'endWeek']} noStyle>
                        <Select aria-label="结束星期" options={WEEK_OPTIONS} style={{ width: 80 }} />
                      </Form.Item>
                      <Form.Item name={[f.name, 'beginTime']} noStyle>
                        <Input aria-label="开始时间" placeholder="HH:mm" style={{ width: 80 }} />
                      </Form.Item>
                      -
                      <Form.Item name={[f.name, 'endTime']} noStyle>
                        <Input aria-label="结束时间" placeholder="HH:mm" style={{ width: 80 }} />
                      </Form.Item>
                      <Button type="text" aria-label="删除时段" icon={<MinusCircleOutlined />} onClick={() => remove(f.name)} />
                    </Space>
                  ))}
                  <Button icon={<PlusOutlined />} onClick={() => add({ beginWeek: 1, endWeek: 7, beginTime: '08:00', endTime: '22:00' })}>
                    添加时段
                  </Button>
                </>
              )}
            </Form.List>
          </Form.Item>
          <Form.Item name="uses" label="可用次数">
            <InputNumber min={1} max={99} precision={0} />
          </Form.Item>
          <Form.Item name="withHand" label="发放手环">
            <Radio.Group
              options={[
                { value: 'T', label: '是' },
                { value: 'F', label: '否' },
              ]}
            />
          </Form.Item>
          <Form.Item name="freeMinutes" label="超时免费（分钟）">
            <InputNumber min={0} max={1440} precision={0} />
          </Form.Item>
          <Form.Item name="overtimeMinutes" label="计费周期（分钟）">
            <InputNumber min={1} max={1440} precision={0} />
          </Form.Item>
          <Form.Item name="overtimePrice" label="每周期价格（元）">
            <InputNumber min={0} precision={2} />
          </Form.Item>
          <Form.Item name="state" label="状态">
            <Radio.Group options={STATE_OPTIONS} />
          </Form.Item>
        </>
      )}
    />
  );
}
