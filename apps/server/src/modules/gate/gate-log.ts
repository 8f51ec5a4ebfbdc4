/** Where the gates' background work (event listener, card queue) reports trouble: the server's logger once it runs. */
export interface GateLog {
  warn(details: object, message: string): void;
}
