/** The parts of the `uhppoted` library (plain JavaScript, no types of its own) the driver uses. */
declare module 'uhppoted' {
  export interface DeviceConfig {
    deviceId: number;
    /** "address:port" */
    address?: string;
    forceBroadcast?: boolean;
  }
  export class Config {
    constructor(name: string, bind: string, broadcast: string, listen: string, timeout: number, controllers: DeviceConfig[], debug: boolean);
  }
  export interface Context {
    config: Config;
    locale?: string;
    logger?: (message: string) => void;
  }
  /** Codes arrive with a translated text beside them. */
  export interface Coded {
    code: number;
  }
  export interface Event {
    index: number;
    type: Coded;
    granted: boolean;
    door: number;
    direction: Coded;
    card: number;
    timestamp: string;
    reason: Coded;
  }
  export interface Status {
    deviceId: number;
    state: {
      serialNumber: number;
      event: Event;
      doors: Record<string, boolean>;
      buttons: Record<string, boolean>;
      system: { status: number; date: string; time: string };
    };
  }
  export interface DoorControlState {
    deviceId: number;
    doorControlState: { door: number; delay: number; control: { value: number; state: string } };
  }
  export function getStatus(ctx: Context, deviceId: number): Promise<Status>;
  export function getTime(ctx: Context, deviceId: number): Promise<{ deviceId: number; datetime: string }>;
  export function setTime(ctx: Context, deviceId: number, datetime: string): Promise<{ deviceId: number; datetime: string }>;
  export function openDoor(ctx: Context, deviceId: number, door: number): Promise<{ deviceId: number; opened: boolean }>;
  export function getDoorControl(ctx: Context, deviceId: number, door: number): Promise<DoorControlState>;
  export function setDoorControl(
    ctx: Context,
    deviceId: number,
    door: number,
    delay: number,
    mode: 'normally open' | 'normally closed' | 'controlled',
  ): Promise<DoorControlState>;
  export function getListener(ctx: Context, deviceId: number): Promise<{ deviceId: number; address: string; port: number }>;
  export function setListener(ctx: Context, deviceId: number, address: string, port: number): Promise<{ deviceId: number; updated: boolean }>;
  export function getCards(ctx: Context, deviceId: number): Promise<{ deviceId: number; cards: number }>;
  export function putCard(
    ctx: Context,
    deviceId: number,
    card: number,
    validFrom: string,
    validUntil: string,
    doors: Record<string, boolean>,
  ): Promise<{ deviceId: number; stored: boolean }>;
  export function deleteCard(ctx: Context, deviceId: number, card: number): Promise<{ deviceId: number; deleted: boolean }>;
}
