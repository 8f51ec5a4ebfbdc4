import { useEffect } from 'react';
import { Alert, Checkbox, DatePicker, Form, Input, InputNumber, Select, Space, Typography, type FormInstance } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { CallBody, CourseClass } from '@venue/contract';
import * as bookingAdmin from '@venue/contract/booking-admin';
import * as courseAdmin from '@venue/contract/course-admin';
import { chinaDate } from '@venue/contract/common/china-time';
import { useApiQuery } from '@/lib/query';
import { fieldsOf, schemaRule, textRules } from '@/lib/schema-rules';
import { WEEKDAY_OPTIONS } from '../course-options';
import { termText } from '../course-view';

type ClassBody = CallBody<typeof courseAdmin.classAdd>;
/** The dialog's values: the start date as the picker holds it. */
export type ClassValues = Omit<ClassBody, 'startDate'> & { startDate?: Dayjs };
const FIELDS = fieldsOf(courseAdmin.classAdd.body);
const TIME_RULE = { required: true, pattern: /^([01]\d|2[0-3]):[0-5]\d$/, message: '格式：09:00' };

export const toClassBody = (v: ClassValues): ClassBody => ({ ...v, startDate: v.startDate?.format('YYYY-MM-DD') ?? '' });
export const classDefaults = (): Partial<ClassValues> => ({ capacity: 12, weeks: 12, weekdays: [], beginTime: '09:00', endTime: '10:30' });
export const toClassValues = (c: CourseClass): Partial<ClassValues> => ({ className: c.className, capacity: c.capacity });

/**
 * The fields of 新增班级: the group course, its coach and field (a court or room of the course's item),
 * capacity, and the term (start date, weeks, weekdays, time) with how many sessions it makes; the
 * server's conflict refusal (a coach or field taken, named) stays above the fields until the next try.
 * Editing a class changes only its name and capacity.
 */
export function ClassFormFields({
  form,
  editing,
  refusal,
  clearRefusal,
}: {
  form: FormInstance<ClassValues>;
  editing: CourseClass | null;
  refusal: string | null;
  /** The dialog closed: its refusal goes with it. */
  clearRefusal?: () => void;
}) {
  useEffect(() => clearRefusal, [clearRefusal]);
  const courses = useApiQuery(courseAdmin.courseQuery, { query: { category: 'G', state: 'A' } }, { enabled: !editing }).data ?? [];
  const courseId = Form.useWatch('courseId', form);
  const course = courses.find((c) => c.courseId === courseId);
  const fields =
    useApiQuery(bookingAdmin.fieldQuery, { query: { venueId: course?.venueId ?? 0, itemId: course?.itemId } }, { enabled: Boolean(course) }).data ?? [];
  const startDate = Form.useWatch('startDate', form);
  const weeks = Form.useWatch('weeks', form) ?? 0;
  const weekdays = Form.useWatch('weekdays', form) ?? [];
  const today = chinaDate(Date.now());
  const capacity = (
    <Form.Item name="capacity" label="班级容量" rules={[{ required: true, message: '请输入班级容量' }, schemaRule(FIELDS.capacity)]}>
      <InputNumber min={1} max={courseAdmin.MAX_CAPACITY} precision={0} addonAfter="人" style={{ width: 150 }} />
    </Form.Item>
  );
  const name = (
    <Form.Item name="className" label="班级名称" rules={textRules(FIELDS.className)}>
      <Input maxLength={30} placeholder="如：周末初级1班" />
    </Form.Item>
  );
  if (editing)
    return (
      <>
        {name}
        {capacity}
        <Typography.Paragraph type="secondary">容量不能小于已报名人数；增加容量后，候补学员依次转为待支付。</Typography.Paragraph>
      </>
    );
  return (
    <>
      {refusal && <Alert type="error" showIcon message="不能排课" description={refusal} style={{ marginBottom: 16 }} role="alert" />}
      <Form.Item name="courseId" label="课程" rules={[{ required: true, message: '请选择课程' }]}>
        <Select
          placeholder="请选择班课"
          showSearch
          optionFilterProp="label"
          notFoundContent="暂无启用的班课"
          options={courses.map((c) => ({ value: c.courseId, label: `${c.courseName}（${c.venueName}）` }))}
          onChange={() => form.setFieldsValue({ coachId: undefined, fieldId: undefined })}
        />
      </Form.Item>
      {name}
      <Form.Item name="coachId" label="教练" rules={[{ required: true, message: '请选择教练' }]}>
        <Select
          placeholder={course ? '请选择教练' : '请先选择课程'}
          options={(course?.coachIds ?? []).map((id, i) => ({ value: id, label: course?.coachNames[i] ?? String(id) }))}
        />
      </Form.Item>
      <Form.Item name="fieldId" label="场地/教室" rules={[{ required: true, message: '请选择场地' }]}>
        <Select
          placeholder={course ? '请选择场地' : '请先选择课程'}
          notFoundContent="该项目暂无场地"
          options={fields.map((f) => ({ value: f.fieldId, label: f.fieldName, disabled: f.state !== 'A' }))}
        />
      </Form.Item>
      {capacity}
      <Form.Item label="开班" required>
        <Space wrap>
          <Form.Item name="startDate" noStyle rules={[{ required: true, message: '请选择开班日期' }]}>
            <DatePicker aria-label="开班日期" placeholder="开班日期" disabledDate={(d) => d.format('YYYY-MM-DD') < today} />
          </Form.Item>
          <Form.Item name="weeks" noStyle rules={[{ required: true, message: '请输入周数' }, schemaRule(FIELDS.weeks)]}>
            <InputNumber aria-label="周数" min={1} max={courseAdmin.MAX_WEEKS} precision={0} addonAfter="周" style={{ width: 120 }} />
          </Form.Item>
        </Space>
      </Form.Item>
      <Form.Item name="weekdays" label="上课星期" rules={[{ required: true, message: '请选择上课星期' }]}>
        <Checkbox.Group options={WEEKDAY_OPTIONS} />
      </Form.Item>
      <Form.Item label="上课时间" required>
        <Space>
          <Form.Item name="beginTime" noStyle rules={[TIME_RULE]}>
            <Input aria-label="上课时间" placeholder="HH:mm" style={{ width: 80 }} />
          </Form.Item>
          至
          <Form.Item
            name="endTime"
            noStyle
            dependencies={['beginTime']}
            rules={[
              TIME_RULE,
              ({ getFieldValue }) => ({
                validator: async (_, end: string) => {
                  if (end && end <= (getFieldValue('beginTime') as string)) throw new Error(courseAdmin.COURSE_ADMIN_MSG.timeOrder);
                },
              }),
            ]}
          >
            <Input aria-label="下课时间" placeholder="HH:mm" style={{ width: 80 }} />
          </Form.Item>
        </Space>
      </Form.Item>
      <Form.Item label="课节">
        <Typography.Text data-testid="term-preview">{termText(startDate ? dayjs(startDate).format('YYYY-MM-DD') : '', weeks, weekdays)}</Typography.Text>
      </Form.Item>
    </>
  );
}
