// Apart from tabs.ts: the tabs it loads import these props, and tabs.ts imports the tabs.
/** What the dialog gives each tab; the dialog's own parts (KeywordBox, VerifyPanels, VerifyFooter) read the rest from context. */
export interface VerifyTabProps {
  /** True while this tab is the one shown (a hidden tab keeps its state but must not take scans). */
  active: boolean;
}
