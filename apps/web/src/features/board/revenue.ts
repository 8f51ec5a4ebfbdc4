import { CAPABILITIES, type Capability, type Revenue } from '@venue/contract/board';
import { chinaDate } from '@venue/contract/common/china-time';

/**
 * The capabilities that take money at the till. A wristband's deposit is not revenue (it goes back), and
 * what is charged to a band is counted in the sale, rental or overstay it paid for.
 */
export const MONEY: Capability[] = ['goods', 'lease', 'ticket', 'lecture', 'cardSale', 'cardFee'];

/** Today's date in China (the venues' day). */
export const chinaToday = () => chinaDate(Date.now());

/** The channels with no source yet, said in one line. */
export function notLanded(data: Pick<Revenue, 'landed'>) {
  const missing = MONEY.filter((c) => !data.landed.includes(c)).map((c) => CAPABILITIES[c]);
  return missing.length ? `尚未上线，未计入：${missing.join('、')}` : '';
}
