import { useLayoutEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { clearScriptConsole, useScriptConsole } from './scriptConsole';

/*
 * Drawn in a shadow root so the page's custom styles (often broad: `button`, `ul`, `li`, `p`) do not restyle
 * it. Only inherited properties cross the boundary, and everything inherited is set here.
 */
const STRIP_CSS = `
.strip {
  position: fixed; left: 0; right: 0; bottom: 0; z-index: 2147483647;
  max-height: 30vh; display: flex; flex-direction: column;
  background: #1f1f24; color: #f3f3f5; border-top: 2px solid #e5484d; box-shadow: 0 -4px 16px #0005;
  font: 12px/1.45 ui-monospace, 'SFMono-Regular', Menlo, Consolas, monospace; text-align: left;
  letter-spacing: normal; text-transform: none; text-shadow: none; cursor: default; visibility: visible;
}
.bar { display: flex; align-items: center; gap: 8px; padding: 4px 8px; border-bottom: 1px solid #3a3a42; }
.title { flex: 1; font-weight: 700; font-family: system-ui, sans-serif; }
button {
  font: 12px system-ui, sans-serif; color: #f3f3f5; background: #3a3a42; border: 1px solid #5a5a66;
  border-radius: 4px; padding: 2px 10px; cursor: pointer;
}
button:hover { background: #4a4a55; }
button:focus-visible { outline: 2px solid #8ab4f8; outline-offset: 1px; }
ol { list-style: none; margin: 0; padding: 0; overflow: auto; }
li { padding: 3px 10px 3px 28px; border-bottom: 1px solid #2e2e35; white-space: pre-wrap; overflow-wrap: anywhere; position: relative; }
li::before { content: '✕'; position: absolute; left: 10px; color: #ff6369; }
li.notice::before { content: 'i'; color: #8ab4f8; font: italic 700 13px Georgia, serif; }
.count { display: inline-block; margin-left: 8px; padding: 0 6px; border-radius: 8px; background: #e5484d; color: #fff; font-size: 11px; }
`;

/**
 * The preview console: a strip fixed to the bottom of the preview listing what the page's scripts threw and
 * which of its stylesheets and scripts failed to load (pageAssets.ts). Shown only while there is something
 * to read; Clear empties it.
 */
export function ConsoleStrip() {
  const entries = useScriptConsole();
  const [shadow, setShadow] = useState<ShadowRoot | null>(null);

  useLayoutEffect(() => {
    const host = document.createElement('studio-preview-console');
    const root = host.attachShadow({ mode: 'open' });
    document.body.append(host);
    setShadow(root);
    return () => host.remove();
  }, []);

  if (!shadow) return null;
  const errors = entries.reduce((sum, entry) => sum + (entry.kind === 'error' ? entry.count : 0), 0);
  return createPortal(
    <>
      <style>{STRIP_CSS}</style>
      {entries.length > 0 && (
        <section className="strip" role="log" aria-label="Preview console">
          <div className="bar">
            <span className="title">
              Preview console{errors > 0 && `: ${errors} ${errors === 1 ? 'error' : 'errors'}`}
            </span>
            <button type="button" onClick={() => clearScriptConsole()}>
              Clear
            </button>
          </div>
          <ol>
            {entries.map((entry) => (
              <li key={entry.id} className={entry.kind}>
                {entry.message}
                {entry.count > 1 && (
                  <span className="count" aria-label={`repeated ${entry.count} times`}>
                    {entry.count}
                  </span>
                )}
              </li>
            ))}
          </ol>
        </section>
      )}
    </>,
    shadow,
  );
}
