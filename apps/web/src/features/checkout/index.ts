/**
 * 收款 for every payable order kind (goods sale, lease, band, ticket, lecture, card order…): the payment
 * dialog, what a payment does after it (payThenPrint: close, print, or what a failure says, spec 4 step 4),
 * the receipt printers and slips, and the cart and tiles a sale and a rental share.
 */
export { PaymentDialog, type PaymentDialogProps } from './components/PaymentDialog';
export { payThenPrint, printPaidOrder, type PayFlow, type PaidOrderPrinter } from './payThenPrint';
export { payFailure, type PayFailure } from './sale-state';
export { CloseOrderButton } from './components/CloseOrderButton';
export { KEYS, SHORTCUT_HELP } from './shortcuts';
/** The cart and its parts, the till's and a rental's (商品租赁: the same cart, tiles and receipt printer). */
export { saleReducer, initialSale, orderNeeded, type SaleState, type SaleAction } from './sale-state';
export { exceedsStock } from './cart';
export { SaleCart } from './components/SaleCart';
export { GoodsTiles, type Tile, type TileView } from './components/GoodsTiles';
/** Receipts and slips. */
export { useReceiptPrinter, type ReceiptKind } from './receipt/useReceiptPrinter';
export { usePrintCopies } from './receipt/usePrintCopies';
export { printInFrame } from './receipt/printReceipt';
export { ReceiptLines, type PaperWidth } from './receipt/Receipt';
