import { KeyboardCode, KeyboardSensor, type KeyboardSensorProps, type SensorInstance } from '@dnd-kit/core';

/** The keys dnd-kit's keyboard sensor acts on during a drag (its default keyboard codes and the arrows). */
const DRAG_KEYS: ReadonlySet<string> = new Set([
  KeyboardCode.Space,
  KeyboardCode.Enter,
  KeyboardCode.Esc,
  KeyboardCode.Up,
  KeyboardCode.Down,
  KeyboardCode.Left,
  KeyboardCode.Right,
]);

/** A step, or the scroll it made, is rendered by dnd-kit within two frames. */
const SETTLING_FRAMES = 2;

/**
 * dnd-kit's KeyboardSensor, safe for keys pressed quickly. dnd-kit starts listening for keys in a timer it queues
 * on pick-up, and steps by positions it measures some renders later, so a key pressed early was lost (the drop
 * landed where it started: 7 of 9 quick drags failed) or fixed the drag's reference point at 0,0, which threw
 * the next step far off. Here every drag key is held from the pick-up on, and handed to dnd-kit's sensor one per
 * frame once the drag is measured and the step before has rendered (a step past the middle of the panel scrolls it,
 * and dnd-kit finds the row now under the dragged one only after the scroll event's render).
 */
export class SteadyKeyboardSensor implements SensorInstance {
  static activators = KeyboardSensor.activators;

  private readonly inner: KeyboardSensor;
  private readonly document: Document;
  private readonly held: KeyboardEvent[] = [];
  private readonly replayed = new WeakSet<Event>();
  private frame = 0;
  /** Frames to let pass before the next key: dnd-kit renders a step, and a scroll it made, a frame or two later. */
  private settling = 0;
  private stopped = false;

  constructor(private readonly props: KeyboardSensorProps) {
    const target = props.event.target;
    this.document = target instanceof Node ? (target.ownerDocument ?? document) : document;
    this.document.addEventListener('keydown', this.hold, true);
    this.document.addEventListener('scroll', this.settle, true);
    this.inner = new KeyboardSensor({
      ...props,
      onEnd: () => {
        this.stop();
        props.onEnd();
      },
      onCancel: () => {
        this.stop();
        props.onCancel();
      },
    });
    // Queued after the timer in which dnd-kit's sensor starts listening, so that it listens by the first replay.
    setTimeout(() => this.pump());
  }

  get autoScrollEnabled(): boolean {
    return this.inner.autoScrollEnabled;
  }

  private readonly hold = (event: KeyboardEvent): void => {
    if (event === this.props.event || this.replayed.has(event) || !DRAG_KEYS.has(event.code)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    this.held.push(event);
  };

  private readonly settle = (): void => {
    this.settling = Math.max(this.settling, SETTLING_FRAMES);
  };

  /** Each frame: once the drag is measured and the last step has settled, hands dnd-kit the oldest held key. */
  private pump(): void {
    if (this.stopped) return;
    const { collisionRect, droppableRects } = this.props.context.current;
    const measured = collisionRect !== null && droppableRects.size > 0;
    const key = measured && this.settling === 0 ? this.held.shift() : undefined;
    if (this.settling > 0) this.settling--;
    if (key) {
      this.settle();
      const copy = new KeyboardEvent('keydown', {
        key: key.key,
        code: key.code,
        altKey: key.altKey,
        ctrlKey: key.ctrlKey,
        metaKey: key.metaKey,
        shiftKey: key.shiftKey,
        bubbles: true,
        cancelable: true,
      });
      this.replayed.add(copy);
      this.document.dispatchEvent(copy);
    }
    if (!this.stopped) this.frame = requestAnimationFrame(() => this.pump());
  }

  private stop(): void {
    this.stopped = true;
    cancelAnimationFrame(this.frame);
    this.document.removeEventListener('keydown', this.hold, true);
    this.document.removeEventListener('scroll', this.settle, true);
    this.held.length = 0;
  }
}
