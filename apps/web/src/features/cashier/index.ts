/** What the shell uses of the till: the goods sale dialog (lazy). The 收款 pieces every order kind shares are in features/checkout. */
export { GoodsSaleDialog } from './components/GoodsSaleDialog';
export { prefetchTill } from './useSaleGoods';
