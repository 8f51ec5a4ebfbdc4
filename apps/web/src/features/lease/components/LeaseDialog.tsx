import { Modal, type InputRef } from 'antd';
import { useFocusOnOpen } from '@/hooks/useFocusOnOpen';
import { LeaseDesk } from './LeaseDesk';

/** 商品租赁 (900 px), from the navbar's cashier popover beside 商品销售: it opens with focus in its goods box. */
export function LeaseDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const goodsBox = useFocusOnOpen<InputRef>();
  return (
    <Modal
      open={open}
      title="商品租赁"
      width={900}
      footer={null}
      onCancel={onClose}
      maskClosable={false}
      destroyOnHidden
      afterOpenChange={goodsBox.afterOpenChange}
    >
      <LeaseDesk active={open} goodsBox={goodsBox.ref} />
    </Modal>
  );
}
