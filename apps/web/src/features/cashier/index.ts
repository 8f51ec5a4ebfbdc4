/** What the shell uses of the cashier: the goods sale dialog (lazy). */
export { GoodsSaleDialog } from './components/GoodsSaleDialog';
