import { Modal } from 'antd';
import { LeaseDesk } from './LeaseDesk';

/** 商品租赁 (900 px), from the navbar's cashier popover beside 商品销售. */
export function LeaseDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal open={open} title="商品租赁" width={900} footer={null} onCancel={onClose} maskClosable={false} destroyOnHidden>
      <LeaseDesk active={open} />
    </Modal>
  );
}
