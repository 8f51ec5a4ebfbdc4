/** What other features use of wristbands: the scan path (band, then member card) and 记到手牌. */
export { lookupHandOrCard, NOTHING_FOUND, type ScanFound } from './scan';
export { useBandCharge } from './useBandCharge';
export { BandBar } from './components/BandBar';
