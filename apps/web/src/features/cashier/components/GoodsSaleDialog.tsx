import { useState } from 'react';
import { Col, Modal, Row } from 'antd';
import { sale as saleCalls } from '@venue/contract';
import { useVenueWarehouseOptions } from '@/features/goods';
import { useSession } from '@/lib/session';
import { useGoodsSale } from '../useGoodsSale';
import { GoodsPicker } from './GoodsPicker';
import { PaymentDialog } from './PaymentDialog';
import { SaleCart } from './SaleCart';

/** 商品销售 (900 px): pick goods, attach a member, submit, collect payment, print the receipt. */
export function GoodsSaleDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const venueId = useSession((s) => s.user?.currentVenueId ?? null);
  const warehouses = useVenueWarehouseOptions(venueId, open);
  const [chosenWarehouse, setChosenWarehouse] = useState<number | null>(null);
  const warehouseId = chosenWarehouse ?? warehouses?.[0]?.value ?? null;
  const sale = useGoodsSale(warehouseId, open);
  const { order, paying } = sale.state;

  return (
    <Modal open={open} title="商品销售" width={900} footer={null} onCancel={onClose} maskClosable={false} destroyOnHidden>
      <Row gutter={16}>
        <Col span={14}>
          <GoodsPicker warehouses={warehouses} warehouseId={open ? warehouseId : null} onWarehouse={setChosenWarehouse} onAdd={sale.add} />
        </Col>
        <Col span={10}>
          <SaleCart
            state={sale.state}
            dispatch={sale.dispatch}
            venueId={venueId}
            canEditPrice={sale.canEditPrice}
            onSubmit={() => void sale.submit()}
            onReprint={sale.reprint}
          />
        </Col>
      </Row>
      {order && venueId && (
        <PaymentDialog
          forPay={saleCalls.queryOrderForPay}
          open={paying}
          orderId={order.orderId}
          memberId={sale.memberId}
          venueId={venueId}
          payTypes="M"
          onPay={sale.pay}
          onClose={() => sale.dispatch({ type: 'closePayment' })}
        />
      )}
    </Modal>
  );
}
