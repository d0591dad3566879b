import { PageAssetsDialog, type PageAssetsDialogConfig, type PageAssetsDialogProps } from './PageAssetsDialog';

export const SCRIPTS_APPLIED = 'Custom scripts applied.';

const SCRIPTS: PageAssetsDialogConfig = {
  title: 'Script manager',
  kind: 'script',
  listField: 'scripts',
  textField: 'customScripts',
  listHeading: 'External scripts',
  urlLabel: 'Script URL',
  urlPlaceholder: 'https://cdn.example.com/scripts/sale.js',
  textLabel: 'Custom scripts',
  textPlaceholder: "e.g. document.body.classList.add('sale');",
  intro:
    'Scripts run only in the sandboxed preview, never in the editor: the external ones in the listed order, then the custom ' +
    'scripts. Errors show in the preview console at the bottom of the preview. Applying again runs the scripts again.',
  appliedToast: SCRIPTS_APPLIED,
};

/** The Script manager: the page's external scripts and custom JavaScript (saved as scripts and customScripts). */
export function ScriptManagerDialog(props: PageAssetsDialogProps) {
  return <PageAssetsDialog {...props} config={SCRIPTS} />;
}
