import { startProduct } from './start.ts';

await startProduct();
