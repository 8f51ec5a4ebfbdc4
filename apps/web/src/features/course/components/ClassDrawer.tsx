import { Descriptions, Drawer, Table, Tabs, Tag } from 'antd';
import type { CourseClass, Enrolment } from '@venue/contract';
import * as course from '@venue/contract/course';
import * as courseAdmin from '@venue/contract/course-admin';
import { useApiQuery } from '@/lib/query';
import { ENROLMENT_STATE_COLORS, enrolmentStateText, studentText, weekdaysText } from '../course-view';
import { AttendanceGrid } from './AttendanceGrid';
import { SessionCalendar } from './SessionCalendar';

/** A class: its term, the session calendar (课表), its students (学员) and the attendance grid (出勤表). */
export function ClassDrawer({ courseClass: c, onClose }: { courseClass: CourseClass; onClose: () => void }) {
  return (
    <Drawer open width={Math.min(1000, window.innerWidth)} title={`班级：${c.className}`} onClose={onClose} destroyOnHidden>
      <Descriptions
        size="small"
        bordered
        column={{ xs: 1, sm: 2, md: 3 }}
        items={[
          { label: '课程', children: c.courseName },
          { label: '教练', children: c.coachName },
          { label: '场地', children: c.fieldName },
          { label: '上课时间', children: `${weekdaysText(c.weekdays)} ${c.beginTime}-${c.endTime}` },
          { label: '开班日期', children: `${c.startDate} 起 ${c.weeks} 周` },
          { label: '课节', children: `已上 ${c.sessionsDone} / 共 ${c.sessions} 节` },
          { label: '人数', children: `${c.enrolled}/${c.capacity}${c.waiting ? `，候补 ${c.waiting}` : ''}` },
          { label: '状态', children: courseAdmin.CLASS_STATE_LABELS[c.state] },
        ]}
      />
      <Tabs
        style={{ marginTop: 8 }}
        items={[
          { key: 'calendar', label: '课表', children: <SessionCalendar courseClass={c} /> },
          { key: 'students', label: '学员', children: <ClassStudents classId={c.classId} /> },
          { key: 'attendance', label: '出勤表', children: <AttendanceGrid classId={c.classId} /> },
        ]}
      />
    </Drawer>
  );
}

function ClassStudents({ classId }: { classId: number }) {
  const list = useApiQuery(course.enrolmentQuery, { query: { classId, current: 1, size: 100 } });
  return (
    <Table<Enrolment>
      size="small"
      rowKey="enrolmentId"
      loading={list.isFetching}
      dataSource={list.data?.records ?? []}
      pagination={false}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: '暂无报名学员' }}
      columns={[
        { title: '学员', key: 'student', render: (_, e) => studentText(e) },
        { title: '联系电话', dataIndex: 'phone' },
        { title: '状态', key: 'state', render: (_, e) => <Tag color={ENROLMENT_STATE_COLORS[e.state]}>{enrolmentStateText(e)}</Tag> },
        { title: '剩余课时', key: 'lessons', align: 'right', render: (_, e) => `${e.lessonsLeft}/${e.lessonsTotal}` },
        { title: '有效期至', dataIndex: 'validUntil', render: (d: string | null) => d ?? '—' },
        { title: '报名时间', dataIndex: 'createTime' },
      ]}
    />
  );
}
