/** What other features use of goods: the warehouse options of a venue (the till sells from them). */
export { fetchVenueWarehouseOptions, useVenueWarehouseOptions, type Option } from './api/options';
