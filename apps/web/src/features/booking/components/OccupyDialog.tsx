import { Form, Input, InputNumber, Modal } from 'antd';
import * as booking from '@venue/contract/booking';
import { validValues } from '@/lib/form';
import { toast } from '@/lib/notify';
import { useApiMutation } from '@/lib/query';

export interface OccupyDialogProps {
  venueId: number;
  itemId: number;
  date: string;
  range: { fieldIds: number[]; beginTime: string; endTime: string; names: string };
  onDone: () => void;
  onClose: () => void;
}

/** 场地占用 (L): the chosen fields for the chosen time range, with a reason (训练、比赛、维护), weekly if asked; no payment. */
export function OccupyDialog({ venueId, itemId, date, range, onDone, onClose }: OccupyDialogProps) {
  const [form] = Form.useForm<{ reason: string; weeks: number }>();
  const occupy = useApiMutation(booking.occupy, { invalidates: [booking.gridQuery, booking.orderQuery] });

  async function submit() {
    const values = await validValues(form);
    if (!values) return;
    const done = await occupy.mutateAsync({ body: { venueId, itemId, date, ...range, ...values } }).catch(() => null);
    if (!done) return;
    toast.success(`占用成功，订单号 ${done.orderId}`);
    onDone();
  }

  return (
    <Modal open title="场地占用" okText="确定占用" cancelText="取消" onOk={() => void submit()} confirmLoading={occupy.isPending} onCancel={onClose}>
      <p>
        {range.names}：{date} {range.beginTime}-{range.endTime}
      </p>
      <Form form={form} layout="vertical" initialValues={{ weeks: 1, reason: '' }}>
        <Form.Item name="reason" label="占用原因" rules={[{ required: true, whitespace: true, message: booking.BOOKING_MSG.reason }]}>
          <Input maxLength={50} placeholder="训练、比赛、维护等" />
        </Form.Item>
        <Form.Item name="weeks" label="连续周数">
          <InputNumber min={1} max={booking.MAX_WEEKS} precision={0} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
