import { useState } from 'react';
import { Button, Form, Input, InputNumber, Radio, Select, Tag } from 'antd';
import type { CallBody, Coach } from '@venue/contract';
import * as courseAdmin from '@venue/contract/course-admin';
import * as usersApi from '@venue/contract/users';
import { PERMISSIONS } from '@venue/contract/common/access';
import { CrudPage, pageLocally } from '@/components/list/CrudPage';
import type { ListSource } from '@/components/list/usePagedList';
import { StateSwitch } from '@/components/StateSwitch';
import { useVenueGroups } from '@/hooks/useVenueGroups';
import { callApi } from '@/lib/http';
import { formatYuan } from '@/lib/money';
import { useApiQuery } from '@/lib/query';
import { fieldsOf, schemaRule, textRules } from '@/lib/schema-rules';
import { rules } from '@/lib/validators';
import { useSession } from '@/lib/session';
import { CoachSchedule } from '../components/CoachSchedule';
import { COACH_KIND_OPTIONS, COURSE_STATE_OPTIONS } from '../course-options';
import { useVenueItems } from '../useVenueItems';

type Values = CallBody<typeof courseAdmin.coachAdd>;
interface Filters {
  keyword?: string;
  state?: 'A' | 'D';
}
const FIELDS = fieldsOf(courseAdmin.coachAdd.body);

const LIST: ListSource<Coach, Filters> = {
  call: courseAdmin.coachQuery,
  fetch: async ({ current, size, ...filters }, signal) => pageLocally(await callApi(courseAdmin.coachQuery, { query: filters }, { signal }), current, size),
};
const toValues = (c: Coach): Values => ({
  venueId: c.venueId,
  coachName: c.coachName,
  phone: c.phone,
  kind: c.kind,
  userId: c.userId,
  hourlyRate: c.hourlyRate,
  itemIds: c.itemIds,
  state: c.state,
  remark: c.remark,
});
const save = (row: Coach | null, values: Values) =>
  row ? callApi(courseAdmin.coachEdit, { body: { ...values, coachId: row.coachId } }) : callApi(courseAdmin.coachAdd, { body: values });

/** 教练管理: the coaches of the user's venues, staff (a user of the system) or from outside, the items they teach, their hourly rate and 课表 (their next two weeks). */
export default function CoachPage() {
  const venueId = useSession((s) => s.user?.currentVenueId ?? undefined);
  const venueGroups = useVenueGroups();
  const [viewing, setViewing] = useState<Coach | null>(null);
  return (
    <>
      <CrudPage<Coach, Filters, Values>
        entity="教练"
        rowKey="coachId"
        list={LIST}
        searchFields={
          <>
            <Form.Item name="keyword">
              <Input placeholder="教练姓名/电话" aria-label="教练姓名/电话" allowClear />
            </Form.Item>
            <Form.Item name="state">
              <Select placeholder="状态" aria-label="状态" allowClear options={COURSE_STATE_OPTIONS} style={{ width: 120 }} />
            </Form.Item>
          </>
        }
        columns={[
          { title: '教练姓名', dataIndex: 'coachName' },
          { title: '类型', dataIndex: 'kind', render: (k: Coach['kind']) => courseAdmin.COACH_KIND_LABELS[k] },
          { title: '联系电话', dataIndex: 'phone', render: (p: string) => p || '—' },
          { title: '系统用户', dataIndex: 'userName', render: (n: string | null) => n ?? '—' },
          { title: '教授项目', dataIndex: 'itemNames', render: (names: string[]) => names.map((n) => <Tag key={n}>{n}</Tag>) },
          { title: '课时费（元/小时）', dataIndex: 'hourlyRate', align: 'right', render: (r: number) => formatYuan(r) },
          { title: '场馆', dataIndex: 'venueName' },
          {
            title: '状态',
            dataIndex: 'state',
            width: 100,
            render: (_, row) => (
              <StateSwitch
                checked={row.state === 'A'}
                permission={PERMISSIONS.course.coach.edit}
                onChange={(on) => save(row, { ...toValues(row), state: on ? 'A' : 'D' })}
              />
            ),
          },
          { title: '备注', dataIndex: 'remark' },
        ]}
        permissions={{ add: PERMISSIONS.course.coach.add, edit: PERMISSIONS.course.coach.edit }}
        defaults={{ venueId, kind: 'O', hourlyRate: 0, itemIds: [], state: 'A', phone: '', remark: '' }}
        toValues={toValues}
        create={(values) => save(null, values)}
        update={(row, values) => save(row, values)}
        rowActions={(row) => (
          <Button size="small" type="link" onClick={() => setViewing(row)}>
            课表
          </Button>
        )}
        formFields={(form) => (
          <>
            <Form.Item name="venueId" label="场馆" rules={[{ required: true, message: '请选择场馆' }]}>
              <Select options={venueGroups} placeholder="请选择场馆" onChange={() => form.setFieldValue('itemIds', [])} />
            </Form.Item>
            <Form.Item name="coachName" label="教练姓名" rules={textRules(FIELDS.coachName)}>
              <Input maxLength={20} />
            </Form.Item>
            <Form.Item name="kind" label="教练类型">
              <Radio.Group options={COACH_KIND_OPTIONS} />
            </Form.Item>
            <Form.Item noStyle dependencies={['kind']}>
              {() =>
                form.getFieldValue('kind') === 'S' && (
                  <Form.Item name="userId" label="系统用户" rules={[{ required: true, message: courseAdmin.COURSE_ADMIN_MSG.userRequired }]}>
                    <UserSelect />
                  </Form.Item>
                )
              }
            </Form.Item>
            <Form.Item name="phone" label="联系电话" rules={[rules.mobile]}>
              <Input maxLength={11} />
            </Form.Item>
            <Form.Item noStyle dependencies={['venueId']}>
              {() => (
                <Form.Item name="itemIds" label="教授项目" rules={[{ required: true, message: '请选择教授项目' }]}>
                  <ItemSelect venueId={form.getFieldValue('venueId') as number | undefined} />
                </Form.Item>
              )}
            </Form.Item>
            <Form.Item name="hourlyRate" label="课时费（元/小时）" rules={[{ required: true, message: '请输入课时费' }, schemaRule(FIELDS.hourlyRate)]}>
              <InputNumber min={0} precision={2} addonAfter="元" style={{ width: 180 }} />
            </Form.Item>
            <Form.Item name="state" label="状态">
              <Radio.Group options={COURSE_STATE_OPTIONS} />
            </Form.Item>
            <Form.Item name="remark" label="备注">
              <Input.TextArea rows={2} maxLength={200} />
            </Form.Item>
          </>
        )}
      />
      {viewing && <CoachSchedule coach={viewing} onClose={() => setViewing(null)} />}
    </>
  );
}

/** The tenant's users a staff coach logs in as. */
function UserSelect(props: { id?: string; value?: number | null; onChange?: (v: number) => void }) {
  const users = useApiQuery(usersApi.querySalesPerson).data ?? [];
  return (
    <Select
      {...props}
      value={props.value ?? undefined}
      showSearch
      optionFilterProp="label"
      placeholder="请选择系统用户"
      options={users.map((u) => ({ value: u.userId, label: `${u.realName || u.username}（${u.username}）` }))}
    />
  );
}

/** The venue's sport items, several. */
function ItemSelect({ venueId, ...props }: { id?: string; venueId?: number; value?: number[]; onChange?: (v: number[]) => void }) {
  const items = useVenueItems(venueId);
  return <Select {...props} mode="multiple" placeholder="请选择教授项目" options={items} />;
}
