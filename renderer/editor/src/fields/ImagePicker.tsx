import { useId, useState, type DragEvent, type FormEvent } from 'react';
import { SAMPLE_LIBRARY, type SampleImage } from '../../../../core/catalogue/sampleLibrary';
import { imageUrlProblem } from '../../../../core/rules/imageUrl';
import { Modal } from '../ui/Modal';
import { Tooltip } from '../ui/Tooltip';

/**
 * The address a drop carries: a dragged link or image gives text/uri-list (its comment lines start with #),
 * dragged text gives text/plain.
 */
export function droppedUrl(data: DataTransfer): string {
  const uris = data
    .getData('text/uri-list')
    .split(/\r?\n/)
    .find((line) => line.trim() !== '' && !line.startsWith('#'));
  return (uris ?? data.getData('text/plain')).trim();
}

/** Whether a drag carries something an image field can take: an address or text. */
export const carriesUrl = (event: DragEvent): boolean =>
  event.dataTransfer.types.includes('text/uri-list') || event.dataTransfer.types.includes('text/plain');

/** A recent image's name: the last part of its address. */
const nameOf = (url: string): string =>
  decodeURIComponent(url.split(/[?#]/)[0]!.split('/').filter(Boolean).at(-1) ?? url);

/**
 * The image picker (issue 15): the images used last, the sample library, and an address pasted, typed or
 * dropped here. Choosing one hands its address to the field and closes the picker.
 */
export function ImagePicker({
  open,
  title,
  recent,
  onChoose,
  onClose,
}: {
  open: boolean;
  title: string;
  recent: readonly string[];
  onChoose(url: string): void;
  onClose(): void;
}) {
  const id = useId();
  const [address, setAddress] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [dropping, setDropping] = useState(false);

  const chooseAddress = (url: string) => {
    const found = imageUrlProblem(url);
    setProblem(found);
    if (found === null) onChoose(url.trim());
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    chooseAddress(address);
  };
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setDropping(false);
    const url = droppedUrl(event.dataTransfer);
    setAddress(url);
    chooseAddress(url);
  };

  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title={title}
      wide
      description={<p className="hint">Pick a recent or sample image, or paste or drop an image address.</p>}
    >
      <form
        className={dropping ? 'image-picker-address dropping' : 'image-picker-address'}
        onSubmit={submit}
        onDragOver={(event) => {
          if (!carriesUrl(event)) return;
          event.preventDefault();
          setDropping(true);
        }}
        onDragLeave={() => setDropping(false)}
        onDrop={drop}
      >
        <label htmlFor={`${id}-address`}>Image address</label>
        <div className="input-row">
          <input
            id={`${id}-address`}
            type="text"
            inputMode="url"
            spellCheck={false}
            placeholder="https://… or /sample/images/…, or drop an image here"
            value={address}
            aria-invalid={problem !== null}
            aria-describedby={problem !== null ? `${id}-problem` : undefined}
            onChange={(e) => {
              setAddress(e.target.value);
              setProblem(null);
            }}
          />
          <button type="submit" className="primary">
            Use address
          </button>
        </div>
        {problem !== null && (
          <p className="field-error" id={`${id}-problem`} role="alert">
            {problem} Nothing was changed.
          </p>
        )}
      </form>
      <section aria-labelledby={`${id}-recent`} className="image-picker-section">
        <h3 id={`${id}-recent`}>Recent</h3>
        {recent.length === 0 ? (
          <p className="hint">Images you put in image fields appear here.</p>
        ) : (
          <ImageGrid
            images={recent.map((url) => ({ url, name: nameOf(url) }))}
            label="Recent images"
            onChoose={onChoose}
          />
        )}
      </section>
      <section aria-labelledby={`${id}-samples`} className="image-picker-section">
        <h3 id={`${id}-samples`}>Sample library</h3>
        <ImageGrid images={SAMPLE_LIBRARY} label="Sample images" onChoose={onChoose} />
      </section>
      <div className="modal-actions">
        <button type="button" className="secondary" onClick={onClose}>
          Cancel
        </button>
      </div>
    </Modal>
  );
}

function ImageGrid({
  images,
  label,
  onChoose,
}: {
  images: readonly SampleImage[];
  label: string;
  onChoose(url: string): void;
}) {
  return (
    <ul className="image-picker-grid" aria-label={label}>
      {images.map((image) => (
        <li key={image.url}>
          <Tooltip content={image.url}>
            <button type="button" className="image-picker-tile" onClick={() => onChoose(image.url)}>
              <img src={image.url} alt="" loading="lazy" decoding="async" />
              <span>{image.name}</span>
            </button>
          </Tooltip>
        </li>
      ))}
    </ul>
  );
}
