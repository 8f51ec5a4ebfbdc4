/**
 * What the shell and other features use of the cashier: the goods sale dialog (lazy), and the 收款
 * pieces every payable order kind (lease, ticket, card sale…) shares: the payment dialog, what a failed
 * payment does to the dialog (spec 4 step 4), and the receipt printer.
 */
export { GoodsSaleDialog } from './components/GoodsSaleDialog';
export { PaymentDialog, type PaymentDialogProps } from './components/PaymentDialog';
export { payFailure, type PayFailure } from './sale-state';
/** The print rules and the hidden print frame, for other kinds' slips (tickets). */
export { printInFrame } from './receipt/printReceipt';
export { copyQuestion, DEFAULT_PRINT_CONFIG, PrintCounter, shouldPrint } from './receipt/print-rules';
