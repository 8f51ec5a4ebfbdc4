import { useState } from 'react';
import { Link } from 'react-router';
import { Button, Descriptions, Form, Input, Modal, Popconfirm, Space, Table, Tag } from 'antd';
import type { RosterRow } from '@venue/contract';
import * as course from '@venue/contract/course';
import * as courseAdmin from '@venue/contract/course-admin';
import { PERMISSIONS } from '@venue/contract/common/access';
import { usePermission } from '@/components/Permission';
import { validValues } from '@/lib/form';
import { useApiMutation, useApiQuery } from '@/lib/query';
import { toast } from '@/lib/notify';
import { rosterStateText, signable } from '../course-view';
import { ATTENDANCE_CHANGES, useSignIn } from '../useSignIn';

const STATE_COLORS: Record<string, string> = { 已签到: 'green', 补课: 'cyan', 请假: 'orange', 缺勤: 'red', 待签到: 'blue' };
export const rosterTag = (row: RosterRow) => {
  const text = rosterStateText(row);
  return <Tag color={STATE_COLORS[text] ?? 'red'}>{text}</Tag>;
};

/**
 * One session of a class: its roster with each student's attendance and balance; students ticked are
 * signed in together (签到), one is put on leave before it starts (请假); a planned session that has
 * not started is cancelled with a reason (its field cells freed, no lesson taken).
 */
export function SessionDialog({ sessionId, onClose }: { sessionId: number; onClose: () => void }) {
  const roster = useApiQuery(course.roster, { query: { sessionId } });
  const data = roster.data;
  const [chosen, setChosen] = useState<number[]>([]);
  const [cancelling, setCancelling] = useState(false);
  const canSign = usePermission([PERMISSIONS.course.check.check]);
  const canLeave = usePermission([PERMISSIONS.course.enrolment.edit]) || canSign;
  const canCancel = usePermission([PERMISSIONS.course.class.edit]);
  const { signIn, pending } = useSignIn();
  const leave = useApiMutation(course.leave, { invalidates: ATTENDANCE_CHANGES });
  const live = data?.state === 'A';

  async function sign() {
    if (!chosen.length) return toast.warning(course.COURSE_MSG.chooseStudents);
    if (await signIn(sessionId, chosen)) setChosen([]);
  }

  return (
    <Modal
      open
      width={760}
      title={data ? `${data.className} ${data.useDate} ${data.beginTime}-${data.endTime}` : '课节'}
      onCancel={onClose}
      footer={
        <Space wrap>
          {canCancel && live && (
            <Button danger onClick={() => setCancelling(true)}>
              取消课节
            </Button>
          )}
          {canSign && live && <Link to={`/course/sign?sessionId=${sessionId}`}>教练签到页</Link>}
          <Button onClick={onClose}>关闭</Button>
          {canSign && live && (
            <Button type="primary" loading={pending} onClick={() => void sign()}>
              签到（{chosen.length}）
            </Button>
          )}
        </Space>
      }
    >
      {data && (
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 2 }}
          items={[
            { label: '课程', children: data.courseName },
            { label: '教练', children: data.coachName },
            { label: '场地', children: data.fieldName },
            { label: '状态', children: courseAdmin.SESSION_STATE_LABELS[data.state] },
          ]}
        />
      )}
      <Table<RosterRow>
        size="small"
        rowKey="enrolmentId"
        loading={roster.isFetching}
        dataSource={data?.students ?? []}
        pagination={false}
        scroll={{ x: 'max-content', y: 360 }}
        locale={{ emptyText: '本节暂无学员' }}
        rowSelection={
          canSign && live
            ? {
                selectedRowKeys: chosen,
                onChange: (keys) => setChosen(keys.map(Number)),
                getCheckboxProps: (r) => ({ disabled: !signable(r), 'aria-label': `签到 ${r.studentName}` }),
              }
            : undefined
        }
        columns={[
          { title: '学员', dataIndex: 'studentName' },
          { title: '会员', dataIndex: 'memberName' },
          { title: '联系电话', dataIndex: 'phone' },
          { title: '剩余课时', dataIndex: 'lessonsLeft', align: 'right' },
          { title: '有效期至', dataIndex: 'validUntil', render: (d: string | null) => d ?? '—' },
          { title: '签到状态', key: 'state', render: (_, r) => rosterTag(r) },
          ...(canLeave && live
            ? [
                {
                  title: '操作',
                  key: 'op',
                  render: (_: unknown, r: RosterRow) =>
                    r.attendance === null && (
                      <Popconfirm
                        title={`确定为 ${r.studentName} 请假吗？`}
                        description="请假不扣课时"
                        okText="确定"
                        cancelText="取消"
                        onConfirm={() =>
                          leave
                            .mutateAsync({ body: { enrolmentId: r.enrolmentId, sessionId, remark: '' } })
                            .then(() => toast.success(`${r.studentName} 已请假`))
                            .catch(() => undefined)
                        }
                      >
                        <Button size="small" type="link">
                          请假
                        </Button>
                      </Popconfirm>
                    ),
                },
              ]
            : []),
        ]}
      />
      {cancelling && <CancelSessionDialog sessionId={sessionId} onClose={() => setCancelling(false)} onCancelled={onClose} />}
    </Modal>
  );
}

/** 取消课节: the reason, then the session's cells go back to the booking grid; no lesson is taken. */
function CancelSessionDialog({ sessionId, onClose, onCancelled }: { sessionId: number; onClose: () => void; onCancelled: () => void }) {
  const [form] = Form.useForm<{ reason: string }>();
  const cancel = useApiMutation(courseAdmin.sessionCancel, { invalidates: ATTENDANCE_CHANGES });
  async function submit() {
    const values = await validValues(form);
    if (!values) return;
    const done = await cancel.mutateAsync({ body: { sessionId, reason: values.reason } }).catch(() => null);
    if (!done) return;
    toast.success('课节已取消');
    onClose();
    onCancelled();
  }
  return (
    <Modal
      open
      title="取消课节"
      okText="确定取消"
      cancelText="返回"
      okButtonProps={{ danger: true }}
      confirmLoading={cancel.isPending}
      onOk={() => void submit()}
      onCancel={onClose}
    >
      <Form form={form} name="cancelSession" layout="vertical">
        <Form.Item name="reason" label="取消原因" rules={[{ required: true, whitespace: true, message: '请输入取消原因' }]}>
          <Input maxLength={50} placeholder="如：教练病假、场馆临时维修" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
