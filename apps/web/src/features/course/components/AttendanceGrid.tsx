import { Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { CallData } from '@venue/contract';
import * as course from '@venue/contract/course';
import { useApiQuery } from '@/lib/query';
import { enrolmentStateText } from '../course-view';

type Grid = CallData<typeof course.classAttendance>;
type AttendanceState = course.AttendanceState;
type Student = Grid['students'][number];

/** A mark as the grid shows it: one character and a colour, its full name for screen readers. */
const MARKS: Record<AttendanceState, { short: string; color: string }> = {
  S: { short: '到', color: 'green' },
  M: { short: '补', color: 'cyan' },
  L: { short: '假', color: 'orange' },
  A: { short: '缺', color: 'red' },
};

/** 出勤表: a row per student of the class, a column per session (cancelled ones marked), each cell 到 / 假 / 缺 / 补. */
export function AttendanceGrid({ classId }: { classId: number }) {
  const grid = useApiQuery(course.classAttendance, { query: { classId } });
  const sessions = grid.data?.sessions ?? [];
  const columns: ColumnsType<Student> = [
    { title: '学员', dataIndex: 'studentName', fixed: 'left', width: 110 },
    { title: '状态', key: 'state', width: 90, render: (_, s) => enrolmentStateText({ state: s.state, waitingNo: null }) },
    { title: '剩余课时', dataIndex: 'lessonsLeft', width: 80, align: 'right' },
    ...sessions.map((s) => ({
      key: String(s.sessionId),
      title: (
        <span title={`${s.useDate} ${s.beginTime}`} style={{ textDecoration: s.state === 'C' ? 'line-through' : undefined }}>
          {s.useDate.slice(5)}
        </span>
      ),
      width: 56,
      align: 'center' as const,
      render: (_: unknown, student: Student) => {
        if (s.state === 'C') return <Typography.Text type="secondary">停</Typography.Text>;
        const mark = student.marks[String(s.sessionId)];
        if (!mark) return <Typography.Text type="secondary">{s.state === 'A' ? '' : '—'}</Typography.Text>;
        return (
          <Tag color={MARKS[mark].color} style={{ marginInlineEnd: 0 }} title={course.ATTENDANCE_STATE_LABELS[mark]}>
            <span aria-label={course.ATTENDANCE_STATE_LABELS[mark]}>{MARKS[mark].short}</span>
          </Tag>
        );
      },
    })),
  ];
  return (
    <>
      <Space wrap style={{ marginBottom: 8 }}>
        {(Object.keys(MARKS) as AttendanceState[]).map((k) => (
          <span key={k}>
            <Tag color={MARKS[k].color}>{MARKS[k].short}</Tag>
            {course.ATTENDANCE_STATE_LABELS[k]}
          </span>
        ))}
        <span>
          <Typography.Text type="secondary">停</Typography.Text> 课节已取消
        </span>
      </Space>
      <Table<Student>
        size="small"
        bordered
        rowKey="enrolmentId"
        loading={grid.isFetching}
        dataSource={grid.data?.students ?? []}
        columns={columns}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: '暂无学员' }}
      />
    </>
  );
}
