import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { App, Button, Form, Select, Tag } from 'antd';
import { MobileOutlined } from '@ant-design/icons';
import type { CourseClass } from '@venue/contract';
import * as courseAdmin from '@venue/contract/course-admin';
import { PERMISSIONS } from '@venue/contract/common/access';
import { CrudPage, pageLocally } from '@/components/list/CrudPage';
import type { ListSource } from '@/components/list/usePagedList';
import { usePermission } from '@/components/Permission';
import { ApiError, callApi } from '@/lib/http';
import { notify, toast } from '@/lib/notify';
import { useApiQuery, useInvalidate } from '@/lib/query';
import { CLASS_STATE_OPTIONS } from '../course-options';
import { weekdaysText } from '../course-view';
import { ClassDrawer } from '../components/ClassDrawer';
import { ClassFormFields, classDefaults, toClassBody, toClassValues, type ClassValues } from '../components/ClassFormFields';

interface Filters {
  courseId?: number;
  coachId?: number;
  state?: 'A' | 'F' | 'C';
}
const LIST: ListSource<CourseClass, Filters> = {
  call: courseAdmin.classQuery,
  fetch: async ({ current, size, ...filters }, signal) => pageLocally(await callApi(courseAdmin.classQuery, { query: filters }, { signal }), current, size),
};
const STATE_COLORS: Record<CourseClass['state'], string> = { A: 'green', F: 'default', C: 'red' };

/**
 * 班级管理: the classes of group courses, each a term of weekly sessions on a field with a coach. 新增
 * schedules the term (closures skipped) and refuses a coach or field already taken, naming the
 * conflict; 详情 shows the session calendar, the students and the attendance grid.
 */
export default function ClassPage() {
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const [refusal, setRefusal] = useState<string | null>(null);
  const clearRefusal = useCallback(() => setRefusal(null), []);
  const [viewing, setViewing] = useState<CourseClass | null>(null);
  const canEdit = usePermission([PERMISSIONS.course.class.edit]);
  const canSign = usePermission([PERMISSIONS.course.check.check]);
  const invalidate = useInvalidate();
  const courses = useApiQuery(courseAdmin.courseQuery, { query: { category: 'G' } }).data ?? [];
  const coaches = useApiQuery(courseAdmin.coachQuery, { query: {} }).data ?? [];

  async function create(values: ClassValues) {
    setRefusal(null);
    try {
      const made = await callApi(courseAdmin.classAdd, { body: toClassBody(values) }, { quiet: true });
      if (made.skipped.length) notify.warning(`已排 ${made.sessions} 节，跳过：${made.skipped.map((s) => `${s.date}（${s.reason}）`).join('、')}`, 8);
      await invalidate([courseAdmin.courseQuery]);
    } catch (error) {
      const message = error instanceof ApiError ? error.message : '排课失败';
      setRefusal(message);
      throw error;
    }
  }
  function cancelClass(c: CourseClass, reload: () => Promise<void>) {
    modal.confirm({
      title: `确定取消班级「${c.className}」吗？`,
      content: '未开始的课节将全部取消并释放场地；班级须已无在读或待支付学员。',
      okText: '确定',
      cancelText: '取消',
      okButtonProps: { danger: true },
      onOk: () =>
        callApi(courseAdmin.classCancel, { body: { classId: c.classId } })
          .then(() => reload())
          .then(() => toast.success('班级已取消'))
          .catch(() => undefined),
    });
  }

  return (
    <>
      <CrudPage<CourseClass, Filters, ClassValues>
        entity="班级"
        rowKey="classId"
        list={LIST}
        searchFields={
          <>
            <Form.Item name="courseId">
              <Select
                placeholder="课程"
                aria-label="课程"
                allowClear
                style={{ width: 200 }}
                options={courses.map((c) => ({ value: c.courseId, label: c.courseName }))}
              />
            </Form.Item>
            <Form.Item name="coachId">
              <Select
                placeholder="教练"
                aria-label="教练"
                allowClear
                style={{ width: 140 }}
                options={coaches.map((c) => ({ value: c.coachId, label: c.coachName }))}
              />
            </Form.Item>
            <Form.Item name="state">
              <Select placeholder="状态" aria-label="状态" allowClear style={{ width: 120 }} options={CLASS_STATE_OPTIONS} />
            </Form.Item>
          </>
        }
        columns={[
          { title: '班级名称', dataIndex: 'className' },
          { title: '课程', dataIndex: 'courseName' },
          { title: '教练', dataIndex: 'coachName' },
          { title: '场地', dataIndex: 'fieldName' },
          { title: '上课时间', key: 'time', render: (_, c) => `${weekdaysText(c.weekdays)} ${c.beginTime}-${c.endTime}` },
          { title: '人数', key: 'seats', render: (_, c) => `${c.enrolled}/${c.capacity}${c.waiting ? `（候补${c.waiting}）` : ''}` },
          { title: '课节', key: 'sessions', render: (_, c) => `${c.sessionsDone}/${c.sessions}` },
          { title: '状态', dataIndex: 'state', render: (s: CourseClass['state']) => <Tag color={STATE_COLORS[s]}>{courseAdmin.CLASS_STATE_LABELS[s]}</Tag> },
          { title: '起止日期', key: 'term', render: (_, c) => `${c.startDate} 至 ${c.endDate ?? '—'}` },
        ]}
        permissions={{ add: PERMISSIONS.course.class.add, edit: PERMISSIONS.course.class.edit }}
        defaults={classDefaults()}
        toValues={toClassValues}
        create={create}
        update={(row, v) => callApi(courseAdmin.classEdit, { body: { classId: row.classId, className: v.className, capacity: v.capacity } })}
        formFields={(form, editing) => <ClassFormFields form={form} editing={editing} refusal={editing ? null : refusal} clearRefusal={clearRefusal} />}
        actionWidth={180}
        rowActions={(row, reload) => (
          <>
            <Button size="small" type="link" onClick={() => setViewing(row)}>
              详情
            </Button>
            {canEdit && row.state === 'A' && (
              <Button size="small" type="link" danger onClick={() => cancelClass(row, reload)}>
                取消班级
              </Button>
            )}
          </>
        )}
        toolbar={() =>
          canSign && (
            <Button icon={<MobileOutlined />} onClick={() => navigate('/course/sign')}>
              教练签到
            </Button>
          )
        }
      />
      {viewing && <ClassDrawer courseClass={viewing} onClose={() => setViewing(null)} />}
    </>
  );
}
