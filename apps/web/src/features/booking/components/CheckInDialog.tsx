import { Modal } from 'antd';
import type { BookingOrder } from '@venue/contract';
import { openable, useBookingCheck } from '../useBookingCheck';
import { BookingLinesTable } from './BookingLinesTable';

/** 开场 from the order list: the order's cells to be used, ticked; 确认开场 opens them (A → U). */
export function CheckInDialog({ order, onClose }: { order: BookingOrder; onClose: () => void }) {
  const check = useBookingCheck(order);
  return (
    <Modal
      open
      width={720}
      title={`开场 - 预订订单 ${order.orderId}`}
      okText="确认开场"
      cancelText="取消"
      confirmLoading={check.busy}
      onOk={() => void check.confirm().then((done) => done && onClose())}
      onCancel={onClose}
    >
      <BookingLinesTable rows={order.details} selected={check.selected} onSelect={check.setSelected} selectable={openable} />
    </Modal>
  );
}
