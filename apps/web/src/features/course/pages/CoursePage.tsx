import { Form, Input, InputNumber, Radio, Select, Space, Tag } from 'antd';
import type { CallBody, Course } from '@venue/contract';
import * as courseAdmin from '@venue/contract/course-admin';
import { PERMISSIONS } from '@venue/contract/common/access';
import { CrudPage, pageLocally } from '@/components/list/CrudPage';
import type { ListSource } from '@/components/list/usePagedList';
import { StateSwitch } from '@/components/StateSwitch';
import { useVenueGroups } from '@/hooks/useVenueGroups';
import { callApi } from '@/lib/http';
import { formatYuan } from '@/lib/money';
import { useApiQuery } from '@/lib/query';
import { fieldsOf, schemaRule, textRules } from '@/lib/schema-rules';
import { useSession } from '@/lib/session';
import { CATEGORY_OPTIONS, COURSE_STATE_OPTIONS } from '../course-options';
import { ageRangeText } from '../course-view';
import { useVenueItems } from '../useVenueItems';

type Values = CallBody<typeof courseAdmin.courseAdd>;
interface Filters {
  category?: 'G' | 'P';
  state?: 'A' | 'D';
  courseName?: string;
}
const FIELDS = fieldsOf(courseAdmin.courseAdd.body);

const LIST: ListSource<Course, Filters> = {
  call: courseAdmin.courseQuery,
  fetch: async ({ current, size, courseName, ...filters }, signal) => {
    const rows = await callApi(courseAdmin.courseQuery, { query: filters }, { signal });
    return pageLocally(
      rows.filter((c) => !courseName || c.courseName.includes(courseName.trim())),
      current,
      size,
    );
  },
};
const toValues = (c: Course): Values => ({
  venueId: c.venueId,
  itemId: c.itemId,
  courseName: c.courseName,
  category: c.category,
  lessons: c.lessons,
  price: c.price,
  validDays: c.validDays,
  ageMin: c.ageMin,
  ageMax: c.ageMax,
  lessonMinutes: c.lessonMinutes,
  coachIds: c.coachIds,
  state: c.state,
  remark: c.remark,
});
const save = (row: Course | null, values: Values) =>
  row ? callApi(courseAdmin.courseEdit, { body: { ...values, courseId: row.courseId } }) : callApi(courseAdmin.courseAdd, { body: values });

/** 课程管理: group classes (班课, run as classes) and private packages (私教课) of N lessons at a price, valid so many days, for an age range, with their coaches. */
export default function CoursePage() {
  const venueId = useSession((s) => s.user?.currentVenueId ?? undefined);
  const venueGroups = useVenueGroups();
  return (
    <CrudPage<Course, Filters, Values>
      entity="课程"
      rowKey="courseId"
      list={LIST}
      searchFields={
        <>
          <Form.Item name="courseName">
            <Input placeholder="课程名称" aria-label="课程名称" allowClear />
          </Form.Item>
          <Form.Item name="category">
            <Select placeholder="课程类型" aria-label="课程类型" allowClear options={CATEGORY_OPTIONS} style={{ width: 120 }} />
          </Form.Item>
          <Form.Item name="state">
            <Select placeholder="状态" aria-label="状态" allowClear options={COURSE_STATE_OPTIONS} style={{ width: 120 }} />
          </Form.Item>
        </>
      }
      columns={[
        { title: '课程名称', dataIndex: 'courseName' },
        {
          title: '类型',
          dataIndex: 'category',
          render: (c: Course['category']) => <Tag color={c === 'G' ? 'blue' : 'purple'}>{courseAdmin.CATEGORY_LABELS[c]}</Tag>,
        },
        { title: '项目', dataIndex: 'itemName' },
        { title: '课时数', dataIndex: 'lessons', align: 'right' },
        { title: '价格（元）', dataIndex: 'price', align: 'right', render: (p: number) => formatYuan(p) },
        { title: '有效期', dataIndex: 'validDays', render: (d: number) => `${d}天` },
        { title: '适合年龄', key: 'age', render: (_, c) => ageRangeText(c.ageMin, c.ageMax) },
        { title: '授课教练', dataIndex: 'coachNames', render: (names: string[]) => names.join('、') },
        { title: '开班数', dataIndex: 'openClasses', align: 'right' },
        { title: '在读人数', dataIndex: 'students', align: 'right' },
        { title: '场馆', dataIndex: 'venueName' },
        {
          title: '状态',
          dataIndex: 'state',
          width: 100,
          render: (_, row) => (
            <StateSwitch
              checked={row.state === 'A'}
              permission={PERMISSIONS.course.course.edit}
              onChange={(on) => save(row, { ...toValues(row), state: on ? 'A' : 'D' })}
            />
          ),
        },
      ]}
      permissions={{ add: PERMISSIONS.course.course.add, edit: PERMISSIONS.course.course.edit }}
      defaults={{
        venueId,
        category: 'G',
        lessons: 10,
        price: 0,
        validDays: 180,
        lessonMinutes: 60,
        ageMin: null,
        ageMax: null,
        coachIds: [],
        state: 'A',
        remark: '',
      }}
      toValues={toValues}
      create={(values) => save(null, values)}
      update={(row, values) => save(row, values)}
      formFields={(form, editing) => (
        <>
          <Form.Item name="venueId" label="场馆" rules={[{ required: true, message: '请选择场馆' }]}>
            <Select options={venueGroups} placeholder="请选择场馆" onChange={() => form.setFieldsValue({ itemId: undefined, coachIds: [] })} />
          </Form.Item>
          <Form.Item name="courseName" label="课程名称" rules={textRules(FIELDS.courseName)}>
            <Input maxLength={30} />
          </Form.Item>
          <Form.Item name="category" label="课程类型" extra={editing ? undefined : '班课按班级排课上课；私教课由学员购买课时包，一对一消课'}>
            <Radio.Group options={CATEGORY_OPTIONS} />
          </Form.Item>
          <Form.Item noStyle dependencies={['venueId']}>
            {() => (
              <Form.Item name="itemId" label="运动项目" rules={[{ required: true, message: '请选择运动项目' }]}>
                <ItemSelect venueId={form.getFieldValue('venueId') as number | undefined} onChange={() => form.setFieldValue('coachIds', [])} />
              </Form.Item>
            )}
          </Form.Item>
          <Form.Item label="课时与价格" required>
            <Space wrap>
              <Form.Item name="lessons" noStyle rules={[{ required: true, message: '请输入课时数' }, schemaRule(FIELDS.lessons)]}>
                <InputNumber aria-label="课时数" min={1} max={courseAdmin.MAX_LESSONS} precision={0} addonAfter="课时" style={{ width: 150 }} />
              </Form.Item>
              <Form.Item name="price" noStyle rules={[{ required: true, message: '请输入课程价格' }, schemaRule(FIELDS.price)]}>
                <InputNumber aria-label="课程价格" min={0} precision={2} addonAfter="元" style={{ width: 170 }} />
              </Form.Item>
            </Space>
          </Form.Item>
          <Form.Item label="有效期与课时长" required>
            <Space wrap>
              <Form.Item name="validDays" noStyle rules={[{ required: true, message: '请输入有效天数' }, schemaRule(FIELDS.validDays)]}>
                <InputNumber aria-label="有效天数" min={1} max={courseAdmin.MAX_VALID_DAYS} precision={0} addonAfter="天" style={{ width: 150 }} />
              </Form.Item>
              <Form.Item name="lessonMinutes" noStyle rules={[schemaRule(FIELDS.lessonMinutes)]}>
                <InputNumber aria-label="每课时分钟数" min={15} max={480} precision={0} addonAfter="分钟/课时" style={{ width: 190 }} />
              </Form.Item>
            </Space>
          </Form.Item>
          <Form.Item label="适合年龄" extra="不填为不限；报名时按学员生日核对">
            <Space>
              <Form.Item name="ageMin" noStyle rules={[schemaRule(FIELDS.ageMin)]}>
                <InputNumber aria-label="最小年龄" min={0} max={120} precision={0} placeholder="最小" style={{ width: 90 }} />
              </Form.Item>
              至
              <Form.Item
                name="ageMax"
                noStyle
                dependencies={['ageMin']}
                rules={[
                  schemaRule(FIELDS.ageMax),
                  ({ getFieldValue }) => ({
                    validator: async (_, max: number | null) => {
                      const min = getFieldValue('ageMin') as number | null;
                      if (min !== null && min !== undefined && max !== null && max !== undefined && min > max)
                        throw new Error(courseAdmin.COURSE_ADMIN_MSG.ageOrder);
                    },
                  }),
                ]}
              >
                <InputNumber aria-label="最大年龄" min={0} max={120} precision={0} placeholder="最大" style={{ width: 90 }} />
              </Form.Item>
              岁
            </Space>
          </Form.Item>
          <Form.Item noStyle dependencies={['venueId', 'itemId']}>
            {() => (
              <Form.Item name="coachIds" label="授课教练" rules={[{ required: true, message: '请选择授课教练' }]}>
                <CoachSelect venueId={form.getFieldValue('venueId') as number | undefined} itemId={form.getFieldValue('itemId') as number | undefined} />
              </Form.Item>
            )}
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
  );
}

function ItemSelect({ venueId, ...props }: { id?: string; venueId?: number; value?: number; onChange?: (v: number) => void }) {
  const items = useVenueItems(venueId);
  return <Select {...props} placeholder="请选择运动项目" options={items} />;
}

/** The venue's coaches in use who teach the item. */
function CoachSelect({ venueId, itemId, ...props }: { id?: string; venueId?: number; itemId?: number; value?: number[]; onChange?: (v: number[]) => void }) {
  const coaches = useApiQuery(courseAdmin.coachQuery, { query: { venueId, itemId, state: 'A' } }, { enabled: Boolean(venueId && itemId) }).data ?? [];
  return (
    <Select
      {...props}
      mode="multiple"
      placeholder={itemId ? '请选择授课教练' : '请先选择运动项目'}
      notFoundContent="该项目暂无启用的教练"
      options={venueId && itemId ? coaches.map((c) => ({ value: c.coachId, label: c.coachName })) : []}
    />
  );
}
