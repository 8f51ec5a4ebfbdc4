/** What the shell uses of goods rental: the 商品租赁 dialog of the cashier popover. */
export { LeaseDialog } from './components/LeaseDialog';
