/** What the shell uses of 快速核销: the navbar entry (the dialog and its tabs load on first open). Tabs plug in through `./tabs.ts`. */
export { useVerifyEntry, VerifyIcon } from './components/VerifyEntry';
