/** Members and cards through their life: the archive, 办卡, 充值, state changes (their screens are in views.ts). */
export { SellCardDialog } from './components/SellCardDialog';
export { RechargeDialog } from './components/RechargeDialog';
