import { PageAssetsDialog, type PageAssetsDialogConfig, type PageAssetsDialogProps } from './PageAssetsDialog';

export const STYLES_APPLIED = 'Custom styles applied.';

const STYLES: PageAssetsDialogConfig = {
  title: 'Styles manager',
  kind: 'stylesheet',
  listField: 'stylesheets',
  textField: 'customStyles',
  listHeading: 'External stylesheets',
  urlLabel: 'Stylesheet URL',
  urlPlaceholder: 'https://cdn.example.com/styles/sale.css',
  textLabel: 'Custom styles',
  textPlaceholder: 'e.g. .main-banner h2 { color: #e00; }',
  intro:
    'Stylesheets load in the listed order, then the custom styles. They apply to the preview only and are saved with the page.',
  appliedToast: STYLES_APPLIED,
};

/** The Styles manager: the page's external stylesheets and custom CSS (saved as stylesheets and customStyles). */
export function StylesManagerDialog(props: PageAssetsDialogProps) {
  return <PageAssetsDialog {...props} config={STYLES} />;
}
