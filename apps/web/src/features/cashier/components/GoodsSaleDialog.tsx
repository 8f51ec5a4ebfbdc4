import { useState } from 'react';
import { Col, Modal, Row, Space, type InputRef } from 'antd';
import * as saleCalls from '@venue/contract/sale';
import { useVenueWarehouseOptions } from '@/features/goods';
import { BandBar } from '@/features/hand';
import { useFocusOnOpen } from '@/hooks/useFocusOnOpen';
import { useHotkey } from '@/hooks/useHotkey';
import { useSession } from '@/lib/session';
import { KEYS, PaymentDialog, SaleCart } from '@/features/checkout';
import { useGoodsSale } from '../useGoodsSale';
import { GoodsPicker } from './GoodsPicker';
import { ShortcutHelp } from './ShortcutHelp';

/**
 * 商品销售 (900 px): pick goods, attach a member, submit, collect payment, print the receipt. It opens
 * on the scan box and comes back to it after each payment, ready for the next customer.
 */
export function GoodsSaleDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const venueId = useSession((s) => s.user?.currentVenueId ?? null);
  const warehouses = useVenueWarehouseOptions(venueId, open);
  const [chosenWarehouse, setChosenWarehouse] = useState<number | null>(null);
  const warehouseId = chosenWarehouse ?? warehouses?.[0]?.value ?? null;
  const { ref: scanBox, afterOpenChange } = useFocusOnOpen<InputRef>();
  const focusScanBox = () => scanBox.current?.focus();
  const sale = useGoodsSale(warehouseId, open, { afterPayment: focusScanBox });
  const { order, paying } = sale.state;
  const submit = () => void sale.submit();

  useHotkey(KEYS.focusScan, focusScanBox, open && !paying);
  // F8 on an empty cart says 请选择购买商品 (spec 5), as 提交订单 would.
  useHotkey(KEYS.submitOrder, submit, open && !paying);

  return (
    <Modal
      open={open}
      title={
        <Space>
          商品销售
          <ShortcutHelp />
        </Space>
      }
      width={900}
      footer={null}
      onCancel={onClose}
      maskClosable={false}
      destroyOnHidden
      afterOpenChange={afterOpenChange}
    >
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={14}>
          <GoodsPicker warehouses={warehouses} warehouseId={open ? warehouseId : null} onWarehouse={setChosenWarehouse} onAdd={sale.add} scanBox={scanBox} />
        </Col>
        <Col xs={24} lg={10}>
          <SaleCart state={sale.state} dispatch={sale.dispatch} venueId={venueId} canEditPrice={sale.canEditPrice} onSubmit={submit} onReprint={sale.reprint} />
          {sale.band.band && <BandBar band={sale.band.band} loading={sale.band.charging} onCharge={() => void sale.chargeToBand()} onClear={sale.band.clear} />}
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
          // Paid: the order is gone and so is 提交订单, which had focus; the next customer starts at the scan box.
          onAfterClose={() => !sale.state.order && focusScanBox()}
        />
      )}
    </Modal>
  );
}
