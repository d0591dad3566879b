import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent, type PointerEvent } from 'react';
import * as Tabs from '@radix-ui/react-tabs';
import {
  DEFAULT_PREVIEW_WIDTH,
  FOCAL_KEY_STEP,
  MAX_PREVIEW_WIDTH,
  MIN_PREVIEW_WIDTH,
  PREVIEW_RATIOS,
  amplienceUrl,
  clampFocalPoint,
  customCrop,
  defaultFocalPoint,
  formatFraction,
  isFocalPoint,
  moveFocalPoint,
  previewSize,
  resizeFocalPoint,
  roundFocalPoint,
  type FocalPoint,
  type ImageSize,
} from '../../../../core/rules/focalPoint';
import { errorMessage } from '../api';
import './focal.css';
import { Tooltip } from '../ui/Tooltip';

/** What main answers for an image (editor spec §7): its size and the metadata pointOfInterest, if any. */
export interface ImageMetadata {
  width: number;
  height: number;
  pointOfInterest: FocalPoint | null;
}

export interface FocalPointToolProps {
  /** The image to open with; when given, its metadata is loaded at once, as if Generate were pressed. */
  initialUrl?: string;
  /** Loads `{url}.json/?metadata=true&metaFilter=pointOfInterest&cacheBust=4` through main. */
  loadMetadata(url: string): Promise<ImageMetadata>;
  /**
   * When given, `Use this focal point` hands the point (rounded to 5 decimals) to the caller, with the image it
   * was placed on (the URL last generated, which may differ from initialUrl).
   */
  onApply?(point: FocalPoint, imageUrl: string): void;
}

export const ADD_FOCAL_POINT_TITLE = 'Add a Focal Point';
export const FOCAL_POINT_ADDED_TITLE = 'Focal point already added';
export const NO_FOCAL_POINTS = 'No focal points selected';

type Tab = 'custom' | 'amplience';
const TABS: { id: Tab; label: string }[] = [
  { id: 'custom', label: 'Custom' },
  { id: 'amplience', label: 'Amplience' },
];

const ARROWS: Record<string, [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

interface Drag {
  mode: 'move' | 'resize';
  pointerId: number;
  startX: number;
  startY: number;
  start: FocalPoint;
  /** The image's size on screen when the drag began, in CSS pixels. */
  width: number;
  height: number;
}

interface LoadedImage {
  url: string;
  /** From the metadata; when that failed, measured once the image has loaded; null until then. */
  size: ImageSize | null;
}

function parseWidth(text: string): number | null {
  if (!/^\d+$/.test(text.trim())) return null;
  const width = Number(text.trim());
  return width >= MIN_PREVIEW_WIDTH && width <= MAX_PREVIEW_WIDTH ? width : null;
}

const percent = (fraction: number) => `${fraction * 100}%`;

/**
 * The focal-point tool (editor spec §2, §4, §5, §9): load an image and its metadata, place one point of
 * interest (x, y its centre, w, h its size, fractions of the image), and see it cropped at five ratios, both
 * as the app crops it (Custom) and as the image service does (Amplience).
 */
export function FocalPointTool({ initialUrl, loadMetadata, onApply }: FocalPointToolProps) {
  const id = useId();
  const [urlText, setUrlText] = useState(initialUrl ?? '');
  const [widthText, setWidthText] = useState(String(DEFAULT_PREVIEW_WIDTH));
  const [previewWidth, setPreviewWidth] = useState(DEFAULT_PREVIEW_WIDTH);
  const [image, setImage] = useState<LoadedImage | null>(null);
  const [point, setPoint] = useState<FocalPoint | null>(null);
  const [loading, setLoading] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [imageFailed, setImageFailed] = useState(false);
  const [tab, setTab] = useState<Tab>('custom');
  const requestRef = useRef(0);
  const stageRef = useRef<HTMLDivElement>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  const dragRef = useRef<Drag | null>(null);

  const generate = async (target: string) => {
    const url = target.trim();
    const request = ++requestRef.current;
    if (url === '') {
      setNotice('Enter an image URL.');
      return;
    }
    setLoading(true);
    setNotice(null);
    setImageFailed(false);
    setPoint(null);
    // The same image again keeps its size: it is already loaded, so onLoad will not measure it a second time.
    setImage((current) => ({ url, size: current?.url === url ? current.size : null }));
    try {
      const metadata = await loadMetadata(url);
      if (request !== requestRef.current) return;
      if (!(metadata.width > 0 && metadata.height > 0)) throw new Error('the metadata gives no image size');
      setImage({ url, size: { width: metadata.width, height: metadata.height } });
      const existing = metadata.pointOfInterest;
      const stored = existing && isFocalPoint(existing) ? clampFocalPoint(existing) : null;
      // The image may load before its metadata: a point the user added meanwhile is theirs, and stays.
      setPoint((current) => current ?? stored);
    } catch (error) {
      if (request !== requestRef.current) return;
      // Editor spec §8: a metadata failure is logged; the image is still shown and a point can still be added.
      console.error(`Focal point: the metadata of ${url} could not be loaded`, error);
      setNotice(`Could not load the image metadata: ${errorMessage(error)}`);
    } finally {
      if (request === requestRef.current) setLoading(false);
    }
  };

  useEffect(() => {
    if (initialUrl?.trim()) void generate(initialUrl);
    // Only on opening: later changes go through the input and Generate.
  }, []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void generate(urlText);
  };

  const changeWidth = (text: string) => {
    setWidthText(text);
    const width = parseWidth(text);
    if (width !== null) setPreviewWidth(width);
  };
  const widthInvalid = parseWidth(widthText) === null;

  const size = image?.size ?? null;

  // --- pointer: drag the box to move it, drag its corner to resize it ---

  const beginDrag = (mode: Drag['mode']) => (event: PointerEvent<HTMLElement>) => {
    if (!point || event.button !== 0 || !stageRef.current) return;
    const rect = stageRef.current.getBoundingClientRect();
    if (rect.width === 0 || rect.height === 0) return;
    event.preventDefault();
    event.stopPropagation();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    boxRef.current?.focus();
    dragRef.current = {
      mode,
      pointerId: event.pointerId,
      startX: event.clientX,
      startY: event.clientY,
      start: point,
      width: rect.width,
      height: rect.height,
    };
  };

  const drag = (event: PointerEvent<HTMLElement>) => {
    const current = dragRef.current;
    if (!current || current.pointerId !== event.pointerId) return;
    const dx = (event.clientX - current.startX) / current.width;
    const dy = (event.clientY - current.startY) / current.height;
    setPoint(current.mode === 'move' ? moveFocalPoint(current.start, dx, dy) : resizeFocalPoint(current.start, dx, dy));
  };

  const endDrag = (event: PointerEvent<HTMLElement>) => {
    if (dragRef.current?.pointerId === event.pointerId) dragRef.current = null;
  };

  // --- keyboard: arrows move by 1%, Shift+arrows resize by 1% ---

  const onBoxKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const arrow = ARROWS[event.key];
    if (!arrow || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    const [dx, dy] = [arrow[0] * FOCAL_KEY_STEP, arrow[1] * FOCAL_KEY_STEP];
    setPoint(
      (current) => current && (event.shiftKey ? resizeFocalPoint(current, dx, dy) : moveFocalPoint(current, dx, dy)),
    );
  };

  const hintId = `${id}-hint`;
  const readoutId = `${id}-readout`;

  return (
    <section className="focal-tool" aria-label="Focal point editor">
      <form className="focal-controls" onSubmit={submit} noValidate>
        <label className="focal-url">
          Image URL
          <input
            type="text"
            inputMode="url"
            spellCheck={false}
            placeholder="/sample/images/athlete-moreau.svg"
            value={urlText}
            onChange={(event) => setUrlText(event.target.value)}
          />
        </label>
        <label className="focal-width">
          Previews width
          <input
            type="number"
            min={MIN_PREVIEW_WIDTH}
            max={MAX_PREVIEW_WIDTH}
            step={1}
            value={widthText}
            aria-invalid={widthInvalid || undefined}
            aria-describedby={widthInvalid ? `${id}-width-error` : undefined}
            onChange={(event) => changeWidth(event.target.value)}
          />
        </label>
        <button type="submit" className="primary" disabled={loading}>
          Generate
        </button>
        {/* aria-disabled, not disabled: a disabled button gets no pointer events, so its tooltip could not say why. */}
        <Tooltip content={point !== null ? FOCAL_POINT_ADDED_TITLE : ADD_FOCAL_POINT_TITLE}>
          <button
            type="button"
            aria-disabled={point !== null || size === null}
            onClick={() => size !== null && setPoint((current) => current ?? defaultFocalPoint())}
          >
            + Focal Point
          </button>
        </Tooltip>
      </form>
      {widthInvalid && (
        <p id={`${id}-width-error`} className="field-error">
          Previews width must be a whole number of pixels from {MIN_PREVIEW_WIDTH} to {MAX_PREVIEW_WIDTH}; the previews
          stay {previewWidth} px wide.
        </p>
      )}
      {loading && (
        <p className="hint" role="status">
          Loading the image metadata…
        </p>
      )}
      {notice && (
        <p role="alert" className="field-warning focal-notice">
          {notice}
        </p>
      )}
      {imageFailed && (
        <p role="alert" className="field-warning focal-notice">
          The image could not be shown. Check the URL: the editor shows images from the app itself (for example
          /sample/images/…).
        </p>
      )}

      {image && (
        <div className="focal-workspace">
          <div
            className={size ? 'focal-stage sized' : 'focal-stage'}
            ref={stageRef}
            style={
              size
                ? {
                    aspectRatio: `${size.width} / ${size.height}`,
                    width: `min(100%, ${size.width}px, calc(var(--focal-stage-max-height) * ${size.width / size.height}))`,
                  }
                : undefined
            }
          >
            <img
              src={image.url}
              alt="The image to place the focal point on"
              draggable={false}
              onLoad={(event) => {
                const { naturalWidth, naturalHeight } = event.currentTarget;
                setImage((current) =>
                  current && current.url === image.url && !current.size && naturalWidth > 0 && naturalHeight > 0
                    ? { ...current, size: { width: naturalWidth, height: naturalHeight } }
                    : current,
                );
              }}
              onError={() => {
                console.error(`Focal point: the image ${image.url} could not be shown`);
                setImageFailed(true);
              }}
            />
            {point && size && (
              <div
                ref={boxRef}
                className="focal-box"
                role="group"
                aria-label="Focal point"
                aria-roledescription="movable box"
                aria-describedby={`${hintId} ${readoutId}`}
                tabIndex={0}
                style={{
                  left: percent(point.x - point.w / 2),
                  top: percent(point.y - point.h / 2),
                  width: percent(point.w),
                  height: percent(point.h),
                }}
                onKeyDown={onBoxKeyDown}
                onPointerDown={beginDrag('move')}
                onPointerMove={drag}
                onPointerUp={endDrag}
                onPointerCancel={endDrag}
                onLostPointerCapture={endDrag}
              >
                <span className="focal-centre" aria-hidden="true" />
                <span
                  className="focal-handle"
                  aria-hidden="true"
                  title="Drag to resize"
                  onPointerDown={beginDrag('resize')}
                />
              </div>
            )}
          </div>
          <div className="focal-side">
            <p id={hintId} className="hint">
              Drag the box to move it and its corner to resize it. With the box focused, the arrow keys move it by 1%
              and Shift with the arrow keys resizes it by 1%.
            </p>
            <dl id={readoutId} className="focal-readout" aria-label="Focal point as fractions of the image">
              {(['x', 'y', 'w', 'h'] as const).map((key) => (
                <div key={key}>
                  <dt>{key}</dt>
                  <dd>{point ? formatFraction(point[key]) : '–'}</dd>
                </div>
              ))}
            </dl>
            <p className="hint">x, y: the centre; w, h: the size; fractions of the image.</p>
            <div className="focal-actions">
              {onApply && (
                <button
                  type="button"
                  className="primary"
                  disabled={!point}
                  onClick={() => point && onApply(roundFocalPoint(point), image.url)}
                >
                  Use this focal point
                </button>
              )}
              <button type="button" disabled={!point} onClick={() => setPoint(null)}>
                Remove focal point
              </button>
            </div>
          </div>
        </div>
      )}

      <Tabs.Root value={tab} onValueChange={(value) => setTab(value as Tab)} activationMode="automatic">
        <Tabs.List className="focal-tabs" aria-label="Previews">
          {TABS.map((entry) => (
            <Tabs.Trigger key={entry.id} value={entry.id}>
              {entry.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {TABS.map((entry) => (
          <Tabs.Content key={entry.id} value={entry.id} className="focal-panel">
            {point && image && size ? (
              <Previews kind={entry.id} imageUrl={image.url} size={size} point={point} width={previewWidth} />
            ) : (
              <p className="empty">{NO_FOCAL_POINTS}</p>
            )}
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </section>
  );
}

interface PreviewsProps {
  kind: Tab;
  imageUrl: string;
  size: ImageSize;
  point: FocalPoint;
  width: number;
}

/** The five ratio previews of one tab, each `width` px wide, with the URL it shows. */
function Previews({ kind, imageUrl, size, point, width }: PreviewsProps) {
  return (
    <ul className="focal-previews">
      {PREVIEW_RATIOS.map((ratio) => {
        const out = previewSize(ratio, width);
        if (kind === 'amplience') {
          const url = amplienceUrl(imageUrl, point, ratio, width);
          return (
            <li key={ratio} className="focal-preview" style={{ width: out.width + 2 }}>
              <h3>{ratio}</h3>
              <img
                className="focal-preview-frame"
                src={url}
                alt={`${ratio} preview`}
                width={out.width}
                height={out.height}
              />
              <code className="focal-url-text">{url}</code>
            </li>
          );
        }
        const crop = customCrop(size, point, ratio);
        const scaleX = out.width / crop.width;
        const scaleY = out.height / crop.height;
        const rounded = [crop.x, crop.y, crop.width, crop.height].map((value) => Math.round(value));
        return (
          <li key={ratio} className="focal-preview" style={{ width: out.width + 2 }}>
            <h3>{ratio}</h3>
            <div
              className="focal-preview-frame focal-crop"
              role="img"
              aria-label={`${ratio} preview`}
              style={{ width: out.width, height: out.height }}
            >
              <img
                src={imageUrl}
                alt=""
                draggable={false}
                style={{
                  width: size.width * scaleX,
                  height: size.height * scaleY,
                  left: -crop.x * scaleX,
                  top: -crop.y * scaleY,
                }}
              />
            </div>
            <code className="focal-url-text">{imageUrl}</code>
            <span className="hint">
              Cropped in the app: {rounded[2]} × {rounded[3]} px from ({rounded[0]}, {rounded[1]})
            </span>
          </li>
        );
      })}
    </ul>
  );
}
