import { useState } from 'react';
import { Descriptions, Form, Input, Modal, Select, Typography } from 'antd';
import type { Enrolment, Session } from '@venue/contract';
import * as course from '@venue/contract/course';
import * as courseAdmin from '@venue/contract/course-admin';
import { addChinaDays, chinaDate } from '@venue/contract/common/china-time';
import { validValues } from '@/lib/form';
import { toast } from '@/lib/notify';
import { useApiMutation, useApiQuery } from '@/lib/query';
import { dateWithWeekday, lessonsText, studentText, weekdaysText } from '../course-view';
import { ENROLMENT_CHANGES } from '../enrolment-changes';
import { ATTENDANCE_CHANGES } from '../useSignIn';

/** How far ahead leave and make-up look for sessions. */
const AHEAD_DAYS = 30;
const sessionLabel = (s: Session) => `${dateWithWeekday(s.useDate)} ${s.beginTime}-${s.endTime} ${s.className}（${s.coachName}，${s.fieldName}）`;
const StudentFacts = ({ e }: { e: Enrolment }) => (
  <Descriptions
    size="small"
    column={1}
    style={{ marginBottom: 12 }}
    items={[
      { label: '学员', children: studentText(e) },
      { label: '课程', children: `${e.courseName}${e.className ? ` · ${e.className}` : ''}` },
      { label: '课时', children: lessonsText(e.lessonsLeft, e.lessonsTotal) },
    ]}
  />
);

/** Upcoming sessions (not begun, not cancelled) in the next 30 days, of one class or of the venue. */
function useUpcoming(query: { classId?: number; venueId?: number }) {
  const today = chinaDate(Date.now());
  const now = new Date().toISOString();
  const sessions = useApiQuery(courseAdmin.sessionQuery, { query: { ...query, beginDate: today, endDate: addChinaDays(today, AHEAD_DAYS) } }).data ?? [];
  return sessions.filter((s) => s.state === 'A' && `${s.useDate}T${s.beginTime}` >= chinaDateTime(now));
}
/** An ISO instant as China's yyyy-MM-ddTHH:mm, comparable with a session's date and time. */
const chinaDateTime = (iso: string) => new Date(Date.parse(iso) + 8 * 3600_000).toISOString().slice(0, 16);

/** 转班: the remaining lessons move to another open class of the same course with a free seat. */
export function TransferDialog({ enrolment: e, onClose }: { enrolment: Enrolment; onClose: () => void }) {
  const [form] = Form.useForm<{ classId: number; remark?: string }>();
  const classes = (useApiQuery(courseAdmin.classQuery, { query: { courseId: e.courseId, state: 'A' } }).data ?? []).filter((c) => c.classId !== e.classId);
  const transfer = useApiMutation(course.transfer, { invalidates: ENROLMENT_CHANGES });
  async function submit() {
    const v = await validValues(form);
    if (!v) return;
    const done = await transfer.mutateAsync({ body: { enrolmentId: e.enrolmentId, classId: v.classId, remark: v.remark ?? '' } }).catch(() => null);
    if (!done) return;
    toast.success(`已转入${done.to.className ?? ''}，剩余 ${done.to.lessonsLeft} 课时`);
    onClose();
  }
  return (
    <Modal open title="转班" okText="确定转班" cancelText="取消" confirmLoading={transfer.isPending} onOk={() => void submit()} onCancel={onClose}>
      <StudentFacts e={e} />
      <Form form={form} name="transfer" layout="vertical">
        <Form.Item name="classId" label="转入班级" rules={[{ required: true, message: course.COURSE_MSG.transferSameClass }]}>
          <Select
            placeholder={classes.length ? '请选择班级' : '该课程没有其他开班中的班级'}
            options={classes.map((c) => ({
              value: c.classId,
              disabled: c.enrolled >= c.capacity,
              label: `${c.className} ${weekdaysText(c.weekdays)} ${c.beginTime}-${c.endTime}（${c.enrolled}/${c.capacity}${c.enrolled >= c.capacity ? '，已满' : ''}）`,
            }))}
          />
        </Form.Item>
        <Form.Item name="remark" label="备注">
          <Input maxLength={100} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** 请假: a session of the student's class that has not begun; no lesson is taken. */
export function LeaveDialog({ enrolment: e, onClose }: { enrolment: Enrolment; onClose: () => void }) {
  const [form] = Form.useForm<{ sessionId: number; remark?: string }>();
  const sessions = useUpcoming({ classId: e.classId ?? 0 });
  const leave = useApiMutation(course.leave, { invalidates: ATTENDANCE_CHANGES });
  async function submit() {
    const v = await validValues(form);
    if (!v) return;
    const done = await leave.mutateAsync({ body: { enrolmentId: e.enrolmentId, sessionId: v.sessionId, remark: v.remark ?? '' } }).catch(() => null);
    if (!done) return;
    toast.success(`${e.studentName} 已请假，不扣课时`);
    onClose();
  }
  return (
    <Modal open title="请假" okText="确定请假" cancelText="取消" confirmLoading={leave.isPending} onOk={() => void submit()} onCancel={onClose}>
      <StudentFacts e={e} />
      <Form form={form} name="leave" layout="vertical">
        <Form.Item name="sessionId" label="请假课节" rules={[{ required: true, message: '请选择请假的课节' }]}>
          <Select
            placeholder={sessions.length ? '请选择课节' : `未来${AHEAD_DAYS}天没有未开始的课节`}
            options={sessions.map((s) => ({ value: s.sessionId, label: sessionLabel(s) }))}
          />
        </Form.Item>
        <Form.Item name="remark" label="请假原因">
          <Input maxLength={100} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** 补课: a session of another class of the same course with a free seat; signing in there takes one lesson. */
export function MakeUpDialog({ enrolment: e, onClose }: { enrolment: Enrolment; onClose: () => void }) {
  const [sessionId, setSessionId] = useState<number | null>(null);
  const today = chinaDate(Date.now());
  const all = useApiQuery(courseAdmin.sessionQuery, { query: { venueId: e.venueId, beginDate: today, endDate: addChinaDays(today, AHEAD_DAYS) } }).data ?? [];
  const sessions = all.filter((s) => s.courseId === e.courseId && s.classId !== e.classId && s.state === 'A');
  const makeUp = useApiMutation(course.makeUp, { invalidates: ATTENDANCE_CHANGES });
  async function submit() {
    if (!sessionId) return toast.warning('请选择补课的课节');
    const done = await makeUp.mutateAsync({ body: { enrolmentId: e.enrolmentId, sessionId } }).catch(() => null);
    if (!done) return;
    toast.success(`${e.studentName} 补课签到成功，剩余 ${done.lessonsLeft} 课时`);
    onClose();
  }
  return (
    <Modal open title="补课" okText="补课签到" cancelText="取消" confirmLoading={makeUp.isPending} onOk={() => void submit()} onCancel={onClose}>
      <StudentFacts e={e} />
      <Typography.Paragraph type="secondary">在同一课程其他班级有空余名额的课节上课，签到扣 1 课时。</Typography.Paragraph>
      <Select
        aria-label="补课课节"
        style={{ width: '100%' }}
        value={sessionId}
        onChange={setSessionId}
        placeholder={sessions.length ? '请选择补课的课节' : `未来${AHEAD_DAYS}天没有其他班级的课节`}
        options={sessions.map((s) => ({
          value: s.sessionId,
          disabled: s.expected >= s.capacity,
          label: `${sessionLabel(s)}${s.expected >= s.capacity ? ' 已满' : ` 余${s.capacity - s.expected}位`}`,
        }))}
      />
    </Modal>
  );
}
