// Placeholder replaced by the History panel (issue 5); mounted by Editor.tsx.
export function HistoryDialog(_props: { open: boolean; onOpenChange(open: boolean): void }) {
  return null;
}
