/**
 * The board side of the UHPPOTE short-packet protocol, for the simulator: 64-byte UDP packets,
 * [0] = 0x17, [1] = function, [4..7] = serial number (little-endian), data from [8]; dates and times
 * in BCD, IPv4 addresses in network order.
 */
export const FN = {
  getStatus: 0x20,
  setTime: 0x30,
  getTime: 0x32,
  openDoor: 0x40,
  putCard: 0x50,
  deleteCard: 0x52,
  deleteCards: 0x54,
  getCards: 0x58,
  getCardById: 0x5a,
  getCardByIndex: 0x5c,
  setDoorControl: 0x80,
  getDoorControl: 0x82,
  recordSpecialEvents: 0x8e,
  setListener: 0x90,
  getListener: 0x92,
  getDevice: 0x94,
  getEvent: 0xb0,
  setEventIndex: 0xb2,
  getEventIndex: 0xb4,
} as const;

/** A reply to `fn` from board `serialNo`, data still zero. */
export function reply(fn: number, serialNo: number): Buffer {
  const packet = Buffer.alloc(64);
  packet[0] = 0x17;
  packet[1] = fn;
  packet.writeUInt32LE(serialNo, 4);
  return packet;
}

const toBcd = (digits: string) => Buffer.from(digits.match(/../g)!.map((pair) => (Number(pair[0]) << 4) | Number(pair[1])));
const fromBcd = (bytes: Buffer) => [...bytes].map((b) => `${b >> 4}${b & 0x0f}`).join('');

/** "YYYY-MM-DD HH:mm:ss" as 7 BCD bytes. */
export const writeDateTime = (packet: Buffer, offset: number, text: string) => toBcd(text.replace(/\D/g, '')).copy(packet, offset);
/** 7 BCD bytes as "YYYY-MM-DD HH:mm:ss". */
export function readDateTime(packet: Buffer, offset: number): string {
  const d = fromBcd(packet.subarray(offset, offset + 7));
  return `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6, 8)} ${d.slice(8, 10)}:${d.slice(10, 12)}:${d.slice(12, 14)}`;
}
/** "YYYY-MM-DD" as 4 BCD bytes; an empty date as zeros. */
export function writeDate(packet: Buffer, offset: number, text: string) {
  if (text) toBcd(text.replace(/\D/g, '')).copy(packet, offset);
}
export function readDate(packet: Buffer, offset: number): string {
  const d = fromBcd(packet.subarray(offset, offset + 4));
  return d === '00000000' ? '' : `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6, 8)}`;
}
/** The status packet's own layouts: the time as HHmmss and the date as yyMMdd. */
export const writeTime = (packet: Buffer, offset: number, hhmmss: string) => toBcd(hhmmss.replace(/\D/g, '')).copy(packet, offset);
export const writeShortDate = (packet: Buffer, offset: number, date: string) => toBcd(date.replace(/\D/g, '').slice(2)).copy(packet, offset);

export const writeIp = (packet: Buffer, offset: number, ip: string) => Buffer.from(ip.split('.').map(Number)).copy(packet, offset);
export const readIp = (packet: Buffer, offset: number) => [...packet.subarray(offset, offset + 4)].join('.');

/** One recorded event as the status and get-event replies carry it, from [8]. */
export interface EventRecord {
  index: number;
  type: number;
  granted: boolean;
  door: number;
  direction: number;
  card: number;
  timestamp: string;
  reason: number;
}
export function writeEvent(packet: Buffer, e: EventRecord) {
  packet.writeUInt32LE(e.index, 8);
  packet[12] = e.type;
  packet[13] = e.granted ? 1 : 0;
  packet[14] = e.door;
  packet[15] = e.direction;
  packet.writeUInt32LE(e.card, 16);
  writeDateTime(packet, 20, e.timestamp);
  packet[27] = e.reason;
}
