import type { ControllerEvent, PacketRefusal } from './gate-driver.ts';

/**
 * The event a board sends its listener: a 64-byte status packet (function 0x20) that starts with 0x17,
 * or 0x19 on firmware 6.62. [4..7] serial number, [8..11] event index, [12] type, [13] granted,
 * [14] door, [15] direction, [16..19] card, [20..26] the board's time (BCD yyyyMMddHHmmss), [27]
 * reason; all little-endian. Anyone on the network can send anything to the listener's port, so
 * every byte that matters is checked here and a datagram that fails is refused with the reason.
 */
const PACKET_LENGTH = 64;
const START_BYTES = new Set([0x17, 0x19]);
const STATUS = 0x20;
/** 1 swipe, 2 door, 3 alarm (0 none, 0xff a record overwritten). */
const EVENT_TYPES = new Set([1, 2, 3]);

export type DecodedPacket = { event: ControllerEvent } | { refused: PacketRefusal };

/** The 7 BCD bytes of a board's time as "YYYY-MM-DD HH:mm:ss", or null when a nibble is not a digit. */
function bcdTime(bytes: Buffer): string | null {
  const digits = [...bytes].map((b) => [b >> 4, b & 0x0f]).flat();
  if (digits.some((d) => d > 9)) return null;
  const d = digits.join('');
  return `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6, 8)} ${d.slice(8, 10)}:${d.slice(10, 12)}:${d.slice(12, 14)}`;
}

/**
 * A board's "YYYY-MM-DD HH:mm:ss" when it is a moment that exists (year 2000-2099, a real day of a
 * real month, a time of day), else null: a board with no time (all zeros, 2000-00-00) or a broken clock.
 */
export function boardTime(text: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(text);
  if (!m) return null;
  const [year, month, day, hour, minute, second] = m.slice(1).map(Number);
  const date = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  const real =
    year >= 2000 &&
    year <= 2099 &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    date.getUTCHours() === hour &&
    date.getUTCMinutes() === minute &&
    date.getUTCSeconds() === second;
  return real ? text : null;
}

/** One datagram from the listener's socket: the event it carries, or why it is not one. */
export function decodeEventPacket(packet: Buffer): DecodedPacket {
  if (packet.length !== PACKET_LENGTH) return { refused: 'length' };
  if (!START_BYTES.has(packet[0])) return { refused: 'start' };
  if (packet[1] !== STATUS) return { refused: 'function' };
  const index = packet.readUInt32LE(8);
  if (index === 0) return { refused: 'no-event' };
  const type = packet[12];
  if (!EVENT_TYPES.has(type)) return { refused: 'type' };
  const door = packet[14];
  if (door < 1 || door > 4) return { refused: 'door' };
  const time = bcdTime(packet.subarray(20, 27));
  return {
    event: {
      serialNo: packet.readUInt32LE(4),
      index,
      type,
      granted: packet[13] === 1,
      door,
      direction: packet[15] === 2 ? 2 : 1,
      card: packet.readUInt32LE(16),
      timestamp: time === null ? null : boardTime(time),
      reason: packet[27],
    },
  };
}
