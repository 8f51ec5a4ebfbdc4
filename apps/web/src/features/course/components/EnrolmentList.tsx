import { useState } from 'react';
import { useNavigate } from 'react-router';
import { App, Button, Form, Grid, Input, Select, Tag } from 'antd';
import type { Enrolment } from '@venue/contract';
import * as course from '@venue/contract/course';
import * as courseAdmin from '@venue/contract/course-admin';
import { PERMISSIONS } from '@venue/contract/common/access';
import { CrudPage } from '@/components/list/CrudPage';
import { usePermission } from '@/components/Permission';
import { callApi } from '@/lib/http';
import { formatYuan } from '@/lib/money';
import { toast } from '@/lib/notify';
import { useApiQuery, useInvalidate } from '@/lib/query';
import { optionsOf } from '../course-options';
import { ENROLMENT_STATE_COLORS, enrolmentActions, enrolmentStateText, studentText, type EnrolmentAction } from '../course-view';
import { ENROLMENT_CHANGES } from '../enrolment-changes';
import { useEnrolmentPrinter } from '../useEnrolmentPrinter';
import { CourseRefundDialog } from './CourseRefundDialog';
import { LeaveDialog, MakeUpDialog, TransferDialog } from './EnrolmentDialogs';
import { EnrolmentPayment } from './EnrolmentPayment';

interface Filters {
  keyword?: string;
  courseId?: number;
  state?: Enrolment['state'];
}
type Open = { action: Exclude<EnrolmentAction, 'cancel' | 'print'>; enrolment: Enrolment } | null;
const STATE_OPTIONS = optionsOf(course.ENROLMENT_STATES, course.ENROLMENT_STATE_LABELS);
const LABELS: Record<EnrolmentAction, string> = { pay: '收款', cancel: '取消', transfer: '转班', leave: '请假', makeUp: '补课', refund: '退课', print: '打印' };

/**
 * 报名列表: enrolments of the user's venues (student, course, class, lessons left, validity, state), with
 * what each state allows: 收款 and 取消 of an unpaid one, 取消 of a waiting one, 转班 / 请假 / 补课 /
 * 退课 / 打印 of an active one, and its 课时流水.
 */
export function EnrolmentList({ venueId }: { venueId: number }) {
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const [open, setOpen] = useState<Open>(null);
  // A phone keeps the row's own columns in view: its actions wrap in a narrow column.
  const wide = Grid.useBreakpoint().md ?? true;
  const courses = useApiQuery(courseAdmin.courseQuery, { query: {} }).data ?? [];
  const printer = useEnrolmentPrinter(venueId);
  const invalidate = useInvalidate();
  const allowed: Record<EnrolmentAction, boolean> = {
    pay: usePermission([PERMISSIONS.course.enrolment.add]),
    cancel: usePermission([PERMISSIONS.course.enrolment.edit]),
    transfer: usePermission([PERMISSIONS.course.enrolment.edit]),
    leave: usePermission([PERMISSIONS.course.enrolment.edit]),
    makeUp: usePermission([PERMISSIONS.course.enrolment.edit]),
    refund: usePermission([PERMISSIONS.course.enrolment.refund]),
    print: true,
  };

  function act(action: EnrolmentAction, e: Enrolment) {
    if (action === 'print') return void printer.reprint(e);
    if (action === 'cancel')
      return modal.confirm({
        title: `确定取消 ${e.studentName} 的${e.state === 'W' ? '候补' : '报名'}吗？`,
        content: e.state === 'P' ? '未支付的课程订单将关闭，空出的名额依次给候补学员。' : undefined,
        okText: '确定',
        cancelText: '取消',
        onOk: () =>
          callApi(course.cancel, { body: { enrolmentId: e.enrolmentId } })
            .then(() => invalidate(ENROLMENT_CHANGES))
            .then(() => toast.success('已取消'))
            .catch(() => undefined),
      });
    setOpen({ action, enrolment: e });
  }

  return (
    <>
      <CrudPage<Enrolment, Filters, object>
        entity="报名"
        rowKey="enrolmentId"
        list={course.enrolmentQuery}
        searchFields={
          <>
            <Form.Item name="keyword">
              <Input placeholder="学员/会员姓名/手机号" aria-label="学员/会员姓名/手机号" allowClear style={{ width: 180 }} />
            </Form.Item>
            <Form.Item name="courseId">
              <Select
                placeholder="课程"
                aria-label="课程"
                allowClear
                style={{ width: 180 }}
                options={courses.map((c) => ({ value: c.courseId, label: c.courseName }))}
              />
            </Form.Item>
            <Form.Item name="state">
              <Select placeholder="状态" aria-label="报名状态" allowClear style={{ width: 110 }} options={STATE_OPTIONS} />
            </Form.Item>
          </>
        }
        columns={[
          { title: '报名号', dataIndex: 'enrolmentId', width: 80 },
          { title: '学员', key: 'student', render: (_, e) => studentText(e) },
          { title: '课程', dataIndex: 'courseName' },
          { title: '班级', dataIndex: 'className', render: (n: string | null) => n ?? '私教' },
          { title: '剩余课时', key: 'lessons', align: 'right', render: (_, e) => `${e.lessonsLeft}/${e.lessonsTotal}` },
          { title: '状态', key: 'state', render: (_, e) => <Tag color={ENROLMENT_STATE_COLORS[e.state]}>{enrolmentStateText(e)}</Tag> },
          { title: '有效期至', dataIndex: 'validUntil', render: (d: string | null) => d ?? '—' },
          { title: '实收（元）', dataIndex: 'paid', align: 'right', render: (p: number) => formatYuan(p) },
          { title: '联系电话', dataIndex: 'phone' },
          { title: '报名时间', dataIndex: 'createTime' },
        ]}
        actionWidth={wide ? 300 : 140}
        rowActions={(e) => (
          <>
            {enrolmentActions(e)
              .filter((a) => allowed[a])
              .map((a) => (
                <Button key={a} size="small" type="link" danger={a === 'refund' || a === 'cancel'} onClick={() => act(a, e)}>
                  {LABELS[a]}
                </Button>
              ))}
            {!['P', 'W', 'C'].includes(e.state) && (
              <Button size="small" type="link" onClick={() => navigate(`/course/ledger?enrolmentId=${e.enrolmentId}`)}>
                流水
              </Button>
            )}
          </>
        )}
      />
      {open?.action === 'pay' && <EnrolmentPayment enrolment={open.enrolment} onClose={() => setOpen(null)} />}
      {open?.action === 'transfer' && <TransferDialog enrolment={open.enrolment} onClose={() => setOpen(null)} />}
      {open?.action === 'leave' && <LeaveDialog enrolment={open.enrolment} onClose={() => setOpen(null)} />}
      {open?.action === 'makeUp' && <MakeUpDialog enrolment={open.enrolment} onClose={() => setOpen(null)} />}
      {open?.action === 'refund' && <CourseRefundDialog enrolment={open.enrolment} onClose={() => setOpen(null)} />}
    </>
  );
}
