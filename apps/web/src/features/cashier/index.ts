/**
 * What the shell and other features use of the cashier: the goods sale dialog (lazy), and the 收款
 * pieces every payable order kind (lease, ticket, card sale…) shares: the payment dialog, what a failed
 * payment does to the dialog (spec 4 step 4), and the receipt printer.
 */
export { GoodsSaleDialog } from './components/GoodsSaleDialog';
export { CloseOrderButton } from './components/CloseOrderButton';
export { PaymentDialog, type PaymentDialogProps } from './components/PaymentDialog';
export { payFailure, type PayFailure } from './sale-state';
export { printSlip } from './receipt/printReceipt';
/** The cart and the sale dialog's parts a rental reuses (商品租赁: the same cart, tiles and receipt printer). */
export { saleReducer, initialSale, orderNeeded, type SaleState, type SaleAction } from './sale-state';
export { SaleCart } from './components/SaleCart';
export { GoodsTiles, type TileView } from './components/GoodsTiles';
export { useReceiptPrinter, type ReceiptKind } from './receipt/useReceiptPrinter';
export { printInFrame } from './receipt/printReceipt';
export { ReceiptLines, type PaperWidth } from './receipt/Receipt';
/** The print rules, for other kinds' slips (tickets). */
export { copyQuestion, DEFAULT_PRINT_CONFIG, PrintCounter, shouldPrint } from './receipt/print-rules';
