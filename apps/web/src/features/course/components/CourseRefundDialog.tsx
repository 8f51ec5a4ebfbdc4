import { Alert, Descriptions, Modal, Spin } from 'antd';
import type { Enrolment } from '@venue/contract';
import * as course from '@venue/contract/course';
import * as refund from '@venue/contract/order-refund';
import { RefundRouteFields, useRefundRequest } from '@/components/refund/useRefundRequest';
import { formatYuan } from '@/lib/money';
import { notify, toast } from '@/lib/notify';
import { useApiQuery } from '@/lib/query';
import { studentText } from '../course-view';
import { ENROLMENT_CHANGES } from '../enrolment-changes';

/**
 * 退课: the unused lessons of a paid enrolment go back at the sale-refund rule (what its order line was
 * paid × lessons left ÷ lessons bought, whole fen), previewed by the server; then the shared route,
 * reason and confirmation. The enrolment is 已退课 afterwards.
 */
export function CourseRefundDialog({ enrolment: e, onClose }: { enrolment: Enrolment; onClose: () => void }) {
  const preview = useApiQuery(course.refundPreview, { query: { enrolmentId: e.enrolmentId } });
  const { form, request, pending } = useRefundRequest(course.refund, ENROLMENT_CHANGES);
  const p = preview.data;

  async function submit() {
    if (!p?.refundable) return;
    const answer = await request({ enrolmentId: e.enrolmentId }, p.refund, `${p.lessonsLeft} 课时 `);
    if (!answer) return;
    if (answer.refund.state === 'U') notify.warning(refund.refundMsg.unknown);
    else toast.success(`退课成功，退款 ¥${formatYuan(answer.refund.amount)}`);
    onClose();
  }

  return (
    <Modal
      open
      width={640}
      title={`退课 - ${e.studentName}`}
      okText="退课"
      cancelText="取消"
      okButtonProps={{ danger: true, disabled: !p?.refundable }}
      confirmLoading={pending}
      onOk={() => void submit()}
      onCancel={onClose}
    >
      {!p ? (
        <Spin />
      ) : (
        <>
          {p.reason && <Alert type="warning" showIcon message={p.reason} style={{ marginBottom: 12 }} />}
          <Descriptions
            size="small"
            bordered
            column={1}
            style={{ marginBottom: 12 }}
            items={[
              { label: '学员', children: studentText(e) },
              { label: '课程', children: `${e.courseName}${e.className ? ` · ${e.className}` : ''}` },
              { label: '已付金额', children: `¥${formatYuan(p.paid)}` },
              { label: '课时', children: `共 ${p.lessonsTotal} 课时，剩余 ${p.lessonsLeft} 课时` },
              {
                label: '退款金额',
                children: (
                  <strong data-testid="refund-amount">
                    ¥{formatYuan(p.refund)}（¥{formatYuan(p.paid)} × {p.lessonsLeft} ÷ {p.lessonsTotal}）
                  </strong>
                ),
              },
            ]}
          />
          {p.refundable && <RefundRouteFields form={form} venueId={e.venueId} />}
        </>
      )}
    </Modal>
  );
}
