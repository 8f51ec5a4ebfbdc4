import { Button, Form, Input, InputNumber, Radio, Select, Space } from 'antd';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import type { CallBody, Lecture } from '@venue/contract';
import * as lecture from '@venue/contract/lecture';
import { PERMISSIONS } from '@venue/contract/common/access';
import { CrudPage } from '@/components/list/CrudPage';
import { STATE_OPTIONS, StateSwitch } from '@/components/StateSwitch';
import { useVenueGroups } from '@/hooks/useVenueGroups';
import { callApi } from '@/lib/http';
import { formatYuan } from '@/lib/money';
import { lectureDatesText, lectureTimesText } from '../lecture-view';

type Values = CallBody<typeof lecture.add>;
interface Filters {
  lectureName?: string;
  state?: 'A' | 'S';
}
const DATE_RULE = { required: true, pattern: /^\d{4}-\d{2}-\d{2}$/, message: '格式：2026-01-01' };
const TIME_RULE = { required: true, pattern: /^([01]\d|2[0-3]):[0-5]\d$/, message: '格式：09:00' };
const toValues = (row: Lecture): Values => ({
  lectureName: row.lectureName,
  speaker: row.speaker,
  venueId: row.venueId,
  state: row.state as 'A' | 'S',
  sessions: row.sessions.map(({ sold: _sold, ...s }) => s),
  tickets: row.tickets,
});
const save = (row: Lecture | null, values: Values) =>
  row ? callApi(lecture.edit, { body: { ...values, lectureId: row.lectureId } }) : callApi(lecture.add, { body: values });

/** 讲座活动: lectures of the user's venues with their sessions (dates, times, capacity, seats taken) and ticket types. */
export default function LecturePage() {
  const venueGroups = useVenueGroups();
  return (
    <CrudPage<Lecture, Filters, Values>
      entity="讲座"
      rowKey="lectureId"
      list={lecture.query}
      searchFields={
        <>
          <Form.Item name="lectureName">
            <Input placeholder="讲座名称" allowClear />
          </Form.Item>
          <Form.Item name="state">
            <Select placeholder="状态" aria-label="状态" allowClear options={STATE_OPTIONS} style={{ width: 120 }} />
          </Form.Item>
        </>
      }
      columns={[
        { title: '讲座名称', dataIndex: 'lectureName' },
        { title: '主讲人', dataIndex: 'speaker' },
        { title: '场馆', dataIndex: 'venueName' },
        {
          title: '场次（已报/名额）',
          key: 'sessions',
          render: (_, r) =>
            r.sessions.map((s) => (
              <div key={s.sessionId}>
                {lectureDatesText(s)} {lectureTimesText(s)}（{s.sold}/{s.capacity}）
              </div>
            )),
        },
        { title: '票种', key: 'tickets', render: (_, r) => r.tickets.map((t) => `${t.ticketName} ${formatYuan(t.price)}元`).join('；') },
        {
          title: '状态',
          dataIndex: 'state',
          width: 100,
          render: (_, row) => (
            <StateSwitch
              checked={row.state === 'A'}
              permission={PERMISSIONS.lecture.lecture.edit}
              onChange={(on) => save(row, { ...toValues(row), state: on ? 'A' : 'S' })}
            />
          ),
        },
      ]}
      permissions={{ add: PERMISSIONS.lecture.lecture.add, edit: PERMISSIONS.lecture.lecture.edit }}
      defaults={{
        state: 'A',
        speaker: '',
        sessions: [{ useBeginDate: '', useEndDate: '', useBeginTime: '14:00', useEndTime: '16:00', capacity: 30 }],
        tickets: [{ ticketName: '成人票', price: 0 }],
      }}
      toValues={toValues}
      create={(values) => save(null, values)}
      update={(row, values) => save(row, values)}
      formFields={() => (
        <>
          <Form.Item name="lectureName" label="讲座名称" rules={[{ required: true, message: '请输入讲座名称' }]}>
            <Input maxLength={40} />
          </Form.Item>
          <Form.Item name="speaker" label="主讲人">
            <Input maxLength={30} />
          </Form.Item>
          <Form.Item name="venueId" label="场馆" rules={[{ required: true, message: '请选择场馆' }]}>
            <Select options={venueGroups} placeholder="请选择场馆" />
          </Form.Item>
          <Form.Item label="场次" required>
            <Form.List name="sessions">
              {(fields, { add, remove }) => (
                <>
                  {fields.map((f) => (
                    <Space key={f.key} wrap style={{ marginBottom: 4 }}>
                      <Form.Item name={[f.name, 'sessionId']} hidden>
                        <Input />
                      </Form.Item>
                      <Form.Item name={[f.name, 'useBeginDate']} noStyle rules={[DATE_RULE]}>
                        <Input aria-label="开始日期" placeholder="yyyy-MM-dd" style={{ width: 110 }} />
                      </Form.Item>
                      至
                      <Form.Item name={[f.name, 'useEndDate']} noStyle rules={[DATE_RULE]}>
                        <Input aria-label="结束日期" placeholder="yyyy-MM-dd" style={{ width: 110 }} />
                      </Form.Item>
                      <Form.Item name={[f.name, 'useBeginTime']} noStyle rules={[TIME_RULE]}>
                        <Input aria-label="开始时间" placeholder="HH:mm" style={{ width: 70 }} />
                      </Form.Item>
                      -
                      <Form.Item name={[f.name, 'useEndTime']} noStyle rules={[TIME_RULE]}>
                        <Input aria-label="结束时间" placeholder="HH:mm" style={{ width: 70 }} />
                      </Form.Item>
                      <Form.Item name={[f.name, 'capacity']} noStyle>
                        <InputNumber aria-label="名额" min={1} max={10000} precision={0} addonAfter="人" style={{ width: 120 }} />
                      </Form.Item>
                      <Button type="text" aria-label="删除场次" icon={<MinusCircleOutlined />} onClick={() => remove(f.name)} />
                    </Space>
                  ))}
                  <Button
                    icon={<PlusOutlined />}
                    onClick={() => add({ useBeginDate: '', useEndDate: '', useBeginTime: '14:00', useEndTime: '16:00', capacity: 30 })}
                  >
                    添加场次
                  </Button>
                </>
              )}
            </Form.List>
          </Form.Item>
          <Form.Item label="票种" required>
            <Form.List name="tickets">
              {(fields, { add, remove }) => (
                <>
                  {fields.map((f) => (
                    <Space key={f.key} wrap style={{ marginBottom: 4 }}>
                      <Form.Item name={[f.name, 'ticketId']} hidden>
                        <Input />
                      </Form.Item>
                      <Form.Item name={[f.name, 'ticketName']} noStyle rules={[{ required: true, message: '请输入票种名称' }]}>
                        <Input aria-label="票种名称" maxLength={30} style={{ width: 140 }} />
                      </Form.Item>
                      <Form.Item name={[f.name, 'price']} noStyle>
                        <InputNumber aria-label="票价" min={0} precision={2} addonAfter="元" style={{ width: 140 }} />
                      </Form.Item>
                      <Button type="text" aria-label="删除票种" icon={<MinusCircleOutlined />} onClick={() => remove(f.name)} />
                    </Space>
                  ))}
                  <Button icon={<PlusOutlined />} onClick={() => add({ ticketName: '', price: 0 })}>
                    添加票种
                  </Button>
                </>
              )}
            </Form.List>
          </Form.Item>
          <Form.Item name="state" label="状态">
            <Radio.Group options={STATE_OPTIONS} />
          </Form.Item>
        </>
      )}
    />
  );
}
