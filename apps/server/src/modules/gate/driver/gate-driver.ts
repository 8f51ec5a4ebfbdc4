/**
 * What the gate features ask of an access controller, whatever board answers: remote door commands,
 * status and time, card records and the event stream. The one implementation drives 微耕 / UHPPOTE
 * boards through the `uhppoted` library (uhppoted.driver.ts) and receives their events with its own
 * decoder (event-socket.ts); the in-project simulator answers it like a board, so tests and the demo
 * run the real driver end to end.
 */

/** Where a controller is and how long to wait for it. */
export interface ControllerTarget {
  serialNo: number;
  address: string;
  port: number;
  /** Send as a UDP broadcast to `address` (a LAN segment's broadcast address). */
  broadcast: boolean;
  /** The whole time given to one request, retries included. */
  timeoutMs: number;
  /** Tries after the first one, within timeoutMs. */
  retries: number;
}

/** A door's control mode as the board names it (codes 1, 2, 3). */
export type DoorControl = 'normally open' | 'normally closed' | 'controlled';
export const DOOR_CONTROL_CODES: Record<DoorControl, number> = { 'normally open': 1, 'normally closed': 2, controlled: 3 };

/** A card record on a board: the card number, its validity (YYYY-MM-DD) and the doors (1-4) it opens. */
export interface CardRecord {
  number: number;
  from: string;
  to: string;
  doors: number[];
}

/** Why a datagram was not taken as an event. */
export type PacketRefusal = 'length' | 'start' | 'function' | 'no-event' | 'type' | 'door';

/** An event a board reports: a swipe (type 1), a door event (2) or an alarm (3). */
export interface ControllerEvent {
  serialNo: number;
  index: number;
  type: number;
  granted: boolean;
  door: number;
  /** 1 in, 2 out (as the board's reader is set up). */
  direction: number;
  card: number;
  /** The board's local time, "YYYY-MM-DD HH:mm:ss"; null when the board sent none or one that cannot be (no clock set, month 13). */
  timestamp: string | null;
  reason: number;
}

export interface ControllerStatus {
  serialNo: number;
  /** The board's local time, "YYYY-MM-DD HH:mm:ss"; null when its clock reads a time that cannot be. */
  time: string | null;
  /** Door sensors by door number: true when the door stands open. */
  doorsOpen: Record<number, boolean>;
  /** The latest event, when the board has recorded one. */
  event: ControllerEvent | null;
}

/** Why a controller did not do what was asked, in words the staff can act on. */
export class GateDriverError extends Error {
  constructor(
    /** invalid: an answer that is not the one to the request (another function's reply, fields missing). */
    readonly reason: 'timeout' | 'network' | 'refused' | 'invalid',
    message: string,
  ) {
    super(message);
  }
}

/** Where a datagram came from. */
export interface EventSender {
  address: string;
  port: number;
}

/** What the event listener reports; it catches whatever these throw. */
export interface EventHandlers {
  /** A well-formed event packet (which board it names is not checked here). */
  event(event: ControllerEvent, from: EventSender): void;
  /** A datagram that is not an event packet, and why. */
  refused(reason: PacketRefusal, from: EventSender): void;
  error(error: Error): void;
}

export interface EventListener {
  /** The UDP port events arrive on. */
  port: number;
  close(): void;
}

export interface GateDriver {
  openDoor(target: ControllerTarget, door: number): Promise<void>;
  setDoorControl(target: ControllerTarget, door: number, control: DoorControl, delaySeconds: number): Promise<void>;
  getDoorControl(target: ControllerTarget, door: number): Promise<{ control: number; delay: number }>;
  getStatus(target: ControllerTarget): Promise<ControllerStatus>;
  getTime(target: ControllerTarget): Promise<string>;
  setTime(target: ControllerTarget, datetime: string): Promise<string>;
  /** "address:port" events go to, or null when none is set. */
  getListener(target: ControllerTarget): Promise<string | null>;
  setListener(target: ControllerTarget, address: string, port: number): Promise<void>;
  getCards(target: ControllerTarget): Promise<number>;
  putCard(target: ControllerTarget, card: CardRecord): Promise<void>;
  deleteCard(target: ControllerTarget, cardNumber: number): Promise<void>;
  /** Receives the events boards send to `bind` ("address:port"; port 0 takes a free one). */
  listen(bind: string, handlers: EventHandlers): Promise<EventListener>;
}

/** How staff see a controller in messages: 控制器 423187757（192.168.1.10:60000）. */
export const describeTarget = (t: ControllerTarget) => `控制器 ${t.serialNo}（${t.address}:${t.port}）`;
