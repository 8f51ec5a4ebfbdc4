import { chinaText } from '@venue/contract';
import { createSocket, type RemoteInfo, type Socket } from 'node:dgram';
import {
  FN,
  readDate,
  readDateTime,
  readIp,
  reply,
  writeDate,
  writeDateTime,
  writeEvent,
  writeIp,
  writeShortDate,
  writeTime,
  type EventRecord,
} from './packets.ts';

/** `request` as if it asked for function `fn`. */
function withFunction(request: Buffer, fn: number): Buffer {
  const asked = Buffer.from(request);
  asked[1] = fn;
  return asked;
}

/** Door control codes of the boards: 1 normally open, 2 normally closed, 3 controlled. */
const CONTROLLED = 3;
const NORMALLY_CLOSED = 2;
/** Event types and reasons the boards report. */
const SWIPE = 1;
const DOOR_EVENT = 2;
const REASON = { swipe: 1, noAccess: 6, normallyClosed: 11, remoteOpen: 44 } as const;

export interface SimulatedCard {
  from: string;
  to: string;
  doors: number[];
}

/** A door command the board carried out, with when it arrived (performance.now()). */
export interface BoardAction {
  at: number;
  kind: 'open' | 'control';
  door: number;
  control?: number;
}

/** One simulated board: its doors, card records, events, listener and the commands it carried out. */
export class SimulatedBoard {
  /** A silent board hears requests and never answers (a board that is off or unplugged). */
  silent = false;
  /** Answers every request with the reply of this function instead (a confused board, or another device at its address). */
  answersAs: number | null = null;
  readonly doors = new Map<number, { control: number; delay: number; open: boolean }>(
    [1, 2, 3, 4].map((door) => [door, { control: CONTROLLED, delay: 3, open: false }]),
  );
  readonly cards = new Map<number, SimulatedCard>();
  readonly events: EventRecord[] = [];
  readonly actions: BoardAction[] = [];
  listener: { address: string; port: number } | null = null;
  specialEvents = false;
  /** The board's clock minus the real one (a board that was never set drifts). */
  clockOffsetMs = 0;

  constructor(readonly serialNo: number) {}

  /** The board's local time (China time), "YYYY-MM-DD HH:mm:ss". */
  now(): string {
    return chinaText(new Date(Date.now() + this.clockOffsetMs));
  }

  record(event: Omit<EventRecord, 'index' | 'timestamp'>): EventRecord {
    const recorded = { ...event, index: this.events.length + 1, timestamp: this.now() };
    this.events.push(recorded);
    return recorded;
  }

  /** Whether a card may pass `door` now, and the board's reason code. */
  decide(card: number, door: number): { granted: boolean; reason: number } {
    const record = this.cards.get(card);
    const today = this.now().slice(0, 10);
    if (!record || !record.doors.includes(door) || (record.from && today < record.from) || (record.to && today > record.to))
      return { granted: false, reason: REASON.noAccess };
    if (this.doors.get(door)!.control === NORMALLY_CLOSED) return { granted: false, reason: REASON.normallyClosed };
    return { granted: true, reason: REASON.swipe };
  }
}

/**
 * An in-project stand-in for 微耕 / UHPPOTE access controllers on 127.0.0.1: one UDP socket answers, for
 * each board it hosts, the requests of the `uhppoted` library the way a board does (status, time, door
 * control, remote open, card records, listener, events), and sends each event to the board's listener.
 * Several boards on one socket behave like boards on one LAN segment reached by broadcast.
 */
export class ControllerSimulator {
  private readonly boards = new Map<number, SimulatedBoard>();

  private constructor(
    private readonly socket: Socket,
    readonly address: string,
    readonly port: number,
  ) {
    // A datagram the simulator cannot make sense of goes unanswered, as a board's would; it runs in the demo's server process.
    socket.on('message', (message, from) => {
      try {
        this.handle(message, from);
      } catch {
        // Unanswered.
      }
    });
    socket.on('error', () => undefined);
  }

  /** Boards `serialNos` answering on `host`:`port` (0: a free port). */
  static start(serialNos: number[], host = '127.0.0.1', port = 0): Promise<ControllerSimulator> {
    return new Promise((done, fail) => {
      const socket = createSocket('udp4');
      socket.once('error', fail);
      socket.bind(port, host, () => {
        socket.off('error', fail);
        const simulator = new ControllerSimulator(socket, host, socket.address().port);
        for (const serialNo of serialNos) simulator.addBoard(serialNo);
        done(simulator);
      });
    });
  }

  addBoard(serialNo: number): SimulatedBoard {
    const board = this.boards.get(serialNo) ?? new SimulatedBoard(serialNo);
    this.boards.set(serialNo, board);
    return board;
  }

  board(serialNo: number): SimulatedBoard {
    const board = this.boards.get(serialNo);
    if (!board) throw new Error(`the simulator has no board ${serialNo}`);
    return board;
  }

  /** A card presented at `door` of board `serialNo`: the board decides, records the swipe and reports it to its listener. */
  swipe(serialNo: number, card: number, door: number, direction: 1 | 2 = 1): EventRecord {
    const board = this.board(serialNo);
    const { granted, reason } = board.decide(card, door);
    const event = board.record({ type: SWIPE, granted, door, direction, card, reason });
    this.report(board, event);
    return event;
  }

  close(): Promise<void> {
    return new Promise((done) => this.socket.close(() => done()));
  }

  /** What a board sends its listener on each event: a status packet carrying the event. */
  private report(board: SimulatedBoard, event: EventRecord) {
    if (!board.listener || board.listener.port === 0) return;
    this.socket.send(this.status(board, event), board.listener.port, board.listener.address);
  }

  private status(board: SimulatedBoard, event: EventRecord | undefined): Buffer {
    const packet = reply(FN.getStatus, board.serialNo);
    if (event) writeEvent(packet, event);
    for (const [door, state] of board.doors) packet[27 + door] = state.open ? 1 : 0;
    const [date, time] = board.now().split(' ');
    writeTime(packet, 37, time);
    writeShortDate(packet, 51, date);
    return packet;
  }

  private handle(message: Buffer, from: RemoteInfo) {
    if (message.length !== 64 || message[0] !== 0x17) return;
    const serialNo = message.readUInt32LE(4);
    // Serial 0 asks every board on the segment (device discovery).
    const targets = serialNo === 0 ? [...this.boards.values()] : [this.boards.get(serialNo)].filter((b) => !!b);
    for (const board of targets) {
      if (board.silent) continue;
      const answer = this.answer(board, board.answersAs === null ? message : withFunction(message, board.answersAs));
      if (answer) this.socket.send(answer, from.port, from.address);
    }
  }

  /** The board's answer to one request, as the library decodes it; null for a function it does not know. */
  private answer(board: SimulatedBoard, request: Buffer): Buffer | null {
    const fn = request[1];
    const packet = reply(fn, board.serialNo);
    const door = request[8];
    switch (fn) {
      case FN.getStatus:
        return this.status(board, board.events.at(-1));
      case FN.getTime:
        writeDateTime(packet, 8, board.now());
        return packet;
      case FN.setTime: {
        const set = new Date(`${readDateTime(request, 8).replace(' ', 'T')}+08:00`).getTime();
        if (Number.isNaN(set)) return null;
        board.clockOffsetMs = set - Date.now();
        writeDateTime(packet, 8, board.now());
        return packet;
      }
      case FN.openDoor:
        board.actions.push({ at: performance.now(), kind: 'open', door });
        packet[8] = 1;
        this.report(board, board.record({ type: DOOR_EVENT, granted: true, door, direction: 1, card: 0, reason: REASON.remoteOpen }));
        return packet;
      case FN.setDoorControl: {
        const state = board.doors.get(door);
        if (state) Object.assign(state, { control: request[9], delay: request[10] });
        board.actions.push({ at: performance.now(), kind: 'control', door, control: request[9] });
        return this.doorControl(packet, board, door);
      }
      case FN.getDoorControl:
        return this.doorControl(packet, board, door);
      default:
        return this.cardsAndSettings(board, request, packet);
    }
  }

  private doorControl(packet: Buffer, board: SimulatedBoard, door: number) {
    const state = board.doors.get(door);
    packet[8] = door;
    packet[9] = state?.control ?? 0;
    packet[10] = state?.delay ?? 0;
    return packet;
  }

  private cardsAndSettings(board: SimulatedBoard, request: Buffer, packet: Buffer): Buffer | null {
    const card = request.readUInt32LE(8);
    switch (request[1]) {
      case FN.putCard:
        board.cards.set(card, { from: readDate(request, 12), to: readDate(request, 16), doors: [1, 2, 3, 4].filter((d) => request[19 + d] === 1) });
        packet[8] = 1;
        return packet;
      case FN.deleteCard:
        packet[8] = board.cards.delete(card) ? 1 : 0;
        return packet;
      case FN.deleteCards:
        board.cards.clear();
        packet[8] = 1;
        return packet;
      case FN.getCards:
        packet.writeUInt32LE(board.cards.size, 8);
        return packet;
      case FN.getCardById:
      case FN.getCardByIndex: {
        const entry = request[1] === FN.getCardById ? [card, board.cards.get(card)] : [...board.cards.entries()][card - 1];
        if (entry?.[1]) this.writeCard(packet, entry[0] as number, entry[1] as SimulatedCard);
        return packet;
      }
      case FN.setListener:
        board.listener = { address: readIp(request, 8), port: request.readUInt16LE(12) };
        packet[8] = 1;
        return packet;
      case FN.getListener:
        writeIp(packet, 8, board.listener?.address ?? '0.0.0.0');
        packet.writeUInt16LE(board.listener?.port ?? 0, 12);
        return packet;
      case FN.recordSpecialEvents:
        board.specialEvents = request[8] === 1;
        packet[8] = 1;
        return packet;
      case FN.getDevice:
        writeIp(packet, 8, this.address);
        writeIp(packet, 12, '255.255.255.0');
        writeIp(packet, 16, '0.0.0.0');
        packet.writeUInt32LE(board.serialNo, 20);
        packet[26] = 0x08;
        packet[27] = 0x92;
        writeDate(packet, 28, '2024-01-01');
        return packet;
      case FN.getEvent: {
        const index = card === 0xffffffff ? board.events.length : card === 0 ? 1 : card;
        const event = board.events[index - 1];
        if (event) writeEvent(packet, event);
        return packet;
      }
      case FN.getEventIndex:
        packet.writeUInt32LE(board.events.length, 8);
        return packet;
      default:
        return null;
    }
  }

  private writeCard(packet: Buffer, number: number, card: SimulatedCard) {
    packet.writeUInt32LE(number, 8);
    writeDate(packet, 12, card.from);
    writeDate(packet, 16, card.to);
    for (const door of card.doors) packet[19 + door] = 1;
  }
}
