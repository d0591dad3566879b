import { useId, useRef, useState, type FormEvent } from 'react';
import { useAtomValue } from 'jotai';
import { checkAssetUrl, isHttpsUrl, type AssetKind } from '../../../../core/rules/pageAssets';
import { moveItem } from '../../../../core/rules/paths';
import { useDoc } from '../state/docContext';
import { toast } from '../state/toasts';
import { Modal } from '../ui/Modal';
import { CodeEditor } from '../code/editors';
import './assets.css';
import { X } from 'lucide-react';
import { MoveButtons } from '../ui/MoveButtons';
import { ReasonTooltip, Tooltip } from '../ui/Tooltip';

/** What differs between the Styles manager and the Script manager. */
export interface PageAssetsDialogConfig {
  title: string;
  kind: AssetKind;
  /** The page meta fields the dialog edits. */
  listField: 'stylesheets' | 'scripts';
  textField: 'customStyles' | 'customScripts';
  listHeading: string;
  urlLabel: string;
  urlPlaceholder: string;
  textLabel: string;
  textPlaceholder: string;
  intro: string;
  appliedToast: string;
}

export interface PageAssetsDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
}

/**
 * A manager of one kind of page asset: a list of external URLs and a custom text. Edits stay in the dialog
 * until Apply, which writes both fields with one setMeta (one undo step) and closes; Cancel or Escape drops
 * them. Apply always writes, even unchanged values, so that applying again re-runs the custom scripts in
 * the preview. The preview applies them (it is told whenever the page meta changes).
 */
export function PageAssetsDialog({
  open,
  onOpenChange,
  config,
}: PageAssetsDialogProps & { config: PageAssetsDialogConfig }) {
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={config.title} wide>
      {/* Mounted only while open, so every opening starts from the page as it is. */}
      <PageAssetsForm config={config} close={() => onOpenChange(false)} />
    </Modal>
  );
}

function PageAssetsForm({ config, close }: { config: PageAssetsDialogConfig; close(): void }) {
  const doc = useDoc();
  const id = useId();
  const [urls, setUrls] = useState<readonly string[]>(() => doc.meta[config.listField]);
  const [text, setText] = useState(() => doc.meta[config.textField]);
  const [input, setInput] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const problemId = `${id}-problem`;
  // Custom code runs on the storefront: without `scripts` (issue 22) the manager shows it, read-only.
  const refusal = useAtomValue(doc.refusalsAtom, { store: doc.store }).scripts;

  const add = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkAssetUrl(input, urls, config.kind);
    if (!checked.ok) {
      setProblem(checked.message);
      inputRef.current?.focus();
      return;
    }
    setUrls([...urls, checked.url]);
    setInput('');
    setProblem(null);
  };

  const apply = () => {
    let list = urls;
    // A URL typed but not added yet is taken along, unless it is not a valid one.
    if (input.trim() !== '') {
      const checked = checkAssetUrl(input, urls, config.kind);
      if (!checked.ok && !urls.includes(input.trim())) {
        setProblem(checked.message);
        inputRef.current?.focus();
        return;
      }
      if (checked.ok) list = [...urls, checked.url];
    }
    doc.setMeta((meta) => ({ ...meta, [config.listField]: [...list], [config.textField]: text }));
    toast(config.appliedToast);
    close();
  };

  return (
    <div className="page-assets">
      <p className="hint">{config.intro}</p>
      {refusal && (
        <p role="status" className="field-warning">
          {refusal}
        </p>
      )}
      <fieldset className="bare-fieldset" disabled={refusal !== null}>
        <section className="page-assets-section" aria-labelledby={`${id}-list`}>
          <h3 id={`${id}-list`} className="page-assets-heading">
            {config.listHeading}
          </h3>
          {urls.length === 0 ? (
            <p className="hint">None yet.</p>
          ) : (
            <ol className="asset-urls" aria-labelledby={`${id}-list`}>
              {urls.map((url, index) => (
                <li key={url} className="asset-url">
                  <code className="asset-url-text" title={url}>
                    {url}
                  </code>
                  <span className="item-actions">
                    <MoveButtons
                      name={url}
                      index={index}
                      count={urls.length}
                      onMove={(direction) => setUrls(moveItem(urls, index, direction === 'up' ? index - 1 : index + 1))}
                    />
                    <Tooltip content="Remove">
                      <button
                        type="button"
                        className="item-remove"
                        aria-label={`Remove ${url}`}
                        onClick={() => setUrls(urls.filter((other) => other !== url))}
                      >
                        <X size={14} aria-hidden />
                      </button>
                    </Tooltip>
                  </span>
                </li>
              ))}
            </ol>
          )}
          {/* Saved before https was required: kept so nothing is lost, but not loaded until replaced. */}
          {urls.some((url) => !isHttpsUrl(url)) && (
            <p className="field-warning">
              {config.kind === 'stylesheet' ? 'Stylesheets' : 'Scripts'} that are not https:// are not loaded: replace
              them with their https:// address.
            </p>
          )}
          <form className="asset-url-add" onSubmit={add} noValidate>
            <label>
              {config.urlLabel}
              <input
                ref={inputRef}
                type="url"
                inputMode="url"
                autoComplete="off"
                spellCheck={false}
                placeholder={config.urlPlaceholder}
                value={input}
                aria-invalid={problem !== null}
                aria-describedby={problem ? problemId : undefined}
                onChange={(event) => {
                  setInput(event.target.value);
                  if (problem) setProblem(null);
                }}
              />
            </label>
            <button type="submit">Add</button>
          </form>
          {problem && (
            <p id={problemId} role="alert" className="field-error">
              {problem}
            </p>
          )}
        </section>
      </fieldset>
      <CodeEditor
        label={config.textLabel}
        value={text}
        onChange={setText}
        placeholder={config.textPlaceholder}
        readOnly={refusal !== null}
      />
      <div className="modal-actions">
        <button type="button" onClick={close}>
          Cancel
        </button>
        <ReasonTooltip reason={refusal}>
          <button
            type="button"
            className="primary"
            aria-disabled={refusal !== null}
            onClick={() => refusal === null && apply()}
          >
            Apply
          </button>
        </ReasonTooltip>
      </div>
    </div>
  );
}
