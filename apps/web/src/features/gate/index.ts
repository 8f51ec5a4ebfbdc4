/** What the shell uses of the gates: the remote-control dialog (lazy). */
export { GateControlDialog } from './components/GateControlDialog';
