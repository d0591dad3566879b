import {
  Component,
  lazy,
  Suspense,
  useEffect,
  useRef,
  useState,
  type ComponentType,
  type ReactNode,
  type RefObject,
} from 'react';
import { errorMessage } from '../api';
import './lazyPart.css';

/** Where a part sits, for the size of its loading and error states. */
export type LazyPartLayout = 'field' | 'dialog' | 'screen';

export interface LazyPartOptions {
  /** What the part is, as the loading and error states name it: "the {what}". */
  what: string;
  layout: LazyPartLayout;
  /**
   * The part is a dialog's content: when it arrives after the dialog opened and the user has not pressed a key
   * or the pointer since, it gets the focus the dialog would have given its first control.
   */
  takeFocus?: boolean;
}

const FOCUSABLE =
  'input:not([type="hidden"]), select, textarea, button, a[href], [contenteditable="true"], [tabindex]:not([tabindex="-1"])';

function focusFirstControl(container: HTMLElement | null): void {
  const control = [...(container?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? [])].find(
    (element) => !element.matches(':disabled') && element.getClientRects().length > 0,
  );
  control?.focus();
}

/** What happened around focus while the part was not there yet. */
interface FocusNotes {
  /** The loading state was shown: the part arrives later than its surroundings. */
  waited: boolean;
  /** A key or the pointer was pressed since: the user has moved on, and focus stays where it is. */
  interacted: boolean;
  /** Retry was pressed: its button is gone, so focus goes to the part, or to Retry again if it fails again. */
  retried: boolean;
}

/**
 * Code split off the editor's start (React.lazy + Suspense): CodeMirror, Slate, the focal-point tool, Settings,
 * the Link Generator, the Query Builder, an open row's form, Version history, the merge form and the page
 * options load when first shown. Until then a loading state stands in its place; when the code cannot be
 * fetched, an error state says so and offers Retry.
 */
export function lazyPart<P extends object>(
  load: () => Promise<ComponentType<P>>,
  options: LazyPartOptions,
): ComponentType<P> {
  // React.lazy keeps a failure for good, so a failed one is replaced on Retry; until then every instance
  // shares one, and once it has loaded every later instance renders at once, without the loading state.
  let shared: { component: ComponentType<P>; failed: boolean } | null = null;
  const current = () => {
    if (!shared || shared.failed) {
      const entry = {
        failed: false,
        component: lazy(() =>
          load().then(
            (loaded) => ({ default: loaded }),
            (error: unknown) => {
              entry.failed = true;
              throw error;
            },
          ),
        ) as ComponentType<P>,
      };
      shared = entry;
    }
    return shared.component;
  };

  function LazyPart(props: P) {
    const [Part, setPart] = useState(() => current());
    const wrapper = useRef<HTMLDivElement>(null);
    const notes = useRef<FocusNotes>({ waited: false, interacted: false, retried: false });
    const retry = () => {
      notes.current = { waited: false, interacted: false, retried: true };
      setPart(() => current());
    };
    return (
      // display: contents, so the wrapper changes nothing of the layout around the part.
      <div className="lazy-part" ref={wrapper}>
        <LoadFailure what={options.what} layout={options.layout} notes={notes} onRetry={retry} part={Part}>
          <Suspense fallback={<Loading what={options.what} layout={options.layout} notes={notes} />}>
            <Part {...props} />
            <Arrived container={wrapper} notes={notes} takeFocus={options.takeFocus ?? false} />
          </Suspense>
        </LoadFailure>
      </div>
    );
  }
  LazyPart.displayName = `LazyPart(${options.what})`;
  return LazyPart;
}

function Loading({ what, layout, notes }: { what: string; layout: LazyPartLayout; notes: RefObject<FocusNotes> }) {
  useEffect(() => {
    notes.current.waited = true;
    const interacted = () => (notes.current.interacted = true);
    document.addEventListener('keydown', interacted, true);
    document.addEventListener('pointerdown', interacted, true);
    return () => {
      document.removeEventListener('keydown', interacted, true);
      document.removeEventListener('pointerdown', interacted, true);
    };
  }, [notes]);
  return (
    <div className={`lazy-state lazy-loading lazy-${layout}`} role="status">
      <span className="lazy-spinner" aria-hidden="true" />
      Loading the {what}…
    </div>
  );
}

/** Rendered after the part, so its effect runs once the part is in the page. */
function Arrived({
  container,
  notes,
  takeFocus,
}: {
  container: RefObject<HTMLDivElement | null>;
  notes: RefObject<FocusNotes>;
  takeFocus: boolean;
}) {
  useEffect(() => {
    const { waited, interacted, retried } = notes.current;
    // Retry's button is gone: focus fell to the page, or a dialog around the part took it back.
    const active = document.activeElement;
    const focusWasLost =
      active === null || active === document.body || (container.current !== null && active.contains(container.current));
    if (retried ? focusWasLost : takeFocus && waited && !interacted) focusFirstControl(container.current);
    notes.current = { waited: false, interacted: false, retried: false };
  }, [container, notes, takeFocus]);
  return null;
}

interface LoadFailureProps {
  what: string;
  layout: LazyPartLayout;
  notes: RefObject<FocusNotes>;
  onRetry(): void;
  /** The lazy component: a new one (on Retry) clears the failure. */
  part: unknown;
  children: ReactNode;
}

/** The error boundary around a part: a chunk that cannot be fetched shows why, and Retry. */
class LoadFailure extends Component<LoadFailureProps, { error: unknown; failedWith: unknown }> {
  override state = { error: null as unknown, failedWith: null as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(props: LoadFailureProps, state: { error: unknown; failedWith: unknown }) {
    if (state.error === null) return { failedWith: props.part };
    // Retry swapped the failed component for a new one: try again.
    return state.failedWith === props.part ? null : { error: null, failedWith: props.part };
  }

  override render() {
    const { error } = this.state;
    if (error === null) return this.props.children;
    const { what, layout, notes, onRetry } = this.props;
    return (
      <div className={`lazy-state lazy-failed lazy-${layout}`} role="alert">
        <p className="lazy-failed-text">
          The {what} could not be loaded: {errorMessage(error)}
        </p>
        <button type="button" autoFocus={notes.current.retried} onClick={onRetry}>
          Retry
        </button>
      </div>
    );
  }
}
