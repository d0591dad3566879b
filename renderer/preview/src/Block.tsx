import {
  Component as ReactComponent,
  memo,
  Suspense,
  useEffect,
  useLayoutEffect,
  useRef,
  type ReactNode,
  type MouseEvent,
} from 'react';
import type { Component } from '../../../core/schemas';
import type { BlockMeta } from '../../../core/rules/blocks';
import { previewLinkTarget } from '../../../core/rules/navigation';
import { emit, navigate } from './bridge';
import { previewFor } from './registry';
import { blockWindow, useIsHeldBack, useIsNear } from './blockWindow';
import { previewStore, useBlockMeta, useComponent, useIsSelected } from './store';

class BlockErrorBoundary extends ReactComponent<
  { component: Component; children: ReactNode },
  { error: Error | null }
> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidUpdate(previous: { component: Component }) {
    // New content gets a fresh try: fixing the field fixes the block.
    if (this.state.error && previous.component !== this.props.component) this.setState({ error: null });
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <div className="block-error" role="alert">
        <strong>{this.props.component._component}</strong> could not be shown: {this.state.error.message}
      </div>
    );
  }
}

/**
 * One component on the page: hover border, click selects it in the editor instead of following links
 * (catalogue spec §2). Subscribes to its own component only. Its element is always there, in page order;
 * its content renders while it is near the view (blockWindow), while selected, and always for the first block
 * (which is not lazy-loaded, catalogue spec §3). Otherwise it is an empty placeholder of its measured height.
 */
export const Block = memo(function Block({ id }: { id: string }) {
  const component = useComponent(id);
  const meta = useBlockMeta(id);
  const selected = useIsSelected(id);
  const near = useIsNear(id);
  const heldBack = useIsHeldBack(id);
  const element = useRef<HTMLElement>(null);
  const shown = !!component && !component.hidden && !!meta;
  const rendered = shown && !heldBack && (near || selected || meta.eager);

  useLayoutEffect(() => (rendered ? blockWindow.observe(element.current!) : undefined), [rendered]);
  useEffect(() => {
    if (selected && element.current) blockWindow.scrollToBlock(element.current);
  }, [selected]);

  if (!shown) return null;

  // With Links in Preview inactive (the default) a link goes nowhere and the click selects the block
  // (catalogue spec §2); active, the link is followed through the shell's gate. Other controls (tabs,
  // checkboxes, carousel arrows) keep working either way.
  const select = (event: MouseEvent) => {
    const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
    if (link) event.preventDefault();
    const links = previewStore.getLinks();
    if (link && links.active) {
      const target = previewLinkTarget(link.getAttribute('href') ?? '', links.base);
      if (target) navigate(target);
      return;
    }
    emit({ type: 'select', id });
  };

  return (
    <section
      ref={element}
      className={['block', rendered ? '' : 'block-placeholder', selected ? 'block-selected' : '', ...component.classes]
        .filter(Boolean)
        .join(' ')}
      style={rendered ? undefined : { height: blockWindow.placeholderHeight(id, component._component) }}
      data-component={component._component}
      data-identifier={id}
      data-index={meta._index}
      data-channel={meta.channel}
      data-lazy-loaded={meta.lazyLoadedCarousel ? 'true' : undefined}
      onClickCapture={select}
    >
      {rendered && <BlockContent component={component} meta={meta} />}
    </section>
  );
});

function BlockContent({ component, meta }: { component: Component; meta: BlockMeta }) {
  const Implementation = previewFor(component._component);
  if (!Implementation)
    return (
      <div className="block-unknown" role="note">
        Unknown component: <strong>{component._component}</strong>
      </div>
    );
  return (
    <BlockErrorBoundary component={component}>
      <Suspense fallback={<div className="block-loading">Loading {component._component}…</div>}>
        <Implementation component={component} content={component.content} meta={meta} />
      </Suspense>
    </BlockErrorBoundary>
  );
}
