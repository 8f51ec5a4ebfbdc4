import { networkInterfaces } from 'node:os';

const toNumber = (ip: string) => ip.split('.').reduce((n, part) => ((n << 8) | Number(part)) >>> 0, 0);

/** This machine's IPv4 address on the controller's network (its interface whose subnet holds `address`). */
export function localAddressFacing(address: string): string | null {
  const target = toNumber(address);
  for (const entries of Object.values(networkInterfaces())) {
    for (const entry of entries ?? []) {
      if (entry.family !== 'IPv4' || entry.internal) continue;
      const mask = toNumber(entry.netmask);
      if ((toNumber(entry.address) & mask) === (target & mask)) return entry.address;
    }
  }
  return null;
}

/** Whether `address` reaches a whole segment: 255.255.255.255 or the broadcast address of one of this machine's IPv4 networks. */
export function isBroadcastAddress(address: string): boolean {
  if (address === '255.255.255.255') return true;
  const target = toNumber(address);
  return Object.values(networkInterfaces()).some((entries) =>
    (entries ?? []).some((e) => e.family === 'IPv4' && e.netmask !== '255.255.255.255' && (toNumber(e.address) | ~toNumber(e.netmask)) >>> 0 === target),
  );
}

/**
 * Where this server receives the controllers' events: the bound UDP port (null while nobody listens)
 * and the address each controller is told to send to.
 */
export class EventEndpoint {
  port: number | null = null;

  /** The address the listener is bound to (0.0.0.0: every interface). */
  bindHost = '0.0.0.0';

  /** The address a controller at `controllerAddress` should send events to, or null when none can be told. */
  addressFor(controllerAddress: string): string | null {
    if (this.bindHost !== '0.0.0.0') return this.bindHost;
    if (controllerAddress.startsWith('127.')) return '127.0.0.1';
    return localAddressFacing(controllerAddress);
  }
}
