import type { BlockProps } from '../registry';
import { text } from '../lib/content';

/**
 * Custom HTML, rendered as stored. It runs only here, in the sandboxed preview, never in the editor.
 * Inline scripts in it do not run (React inserts it as markup); page-level scripts are the Script manager's.
 */
export default function CustomHtml({ content }: BlockProps) {
  return <div className="custom-html" dangerouslySetInnerHTML={{ __html: text(content, 'markup') }} />;
}
