import { useEffect, useState, type CSSProperties } from 'react';
import type { BlockProps } from '../registry';
import { flag, list, num, record, text } from '../lib/content';
import { linkHref } from '../lib/media';
import './UspBar.css';

/** Shorter intervals would flash past before the point can be read. */
const MIN_ROTATE_MS = 1500;

/**
 * The strip of selling points under the header: all in a row on desktop; on small screens one at a time,
 * rotating when autoRotate is on (paused while hovered or focused).
 */
export default function UspBar({ content }: BlockProps) {
  const items = list(content, 'items');
  const settings = record(content, 'settings');
  const autoRotate = flag(settings, 'autoRotate');
  const interval = Math.max(MIN_ROTATE_MS, num(settings, 'rotateIntervalMs', 4000));
  const [active, setActive] = useState(0);
  const [paused, setPaused] = useState(false);
  const count = items.length;

  useEffect(() => {
    if (!autoRotate || paused || count < 2) return;
    const timer = window.setInterval(() => setActive((index) => (index + 1) % count), interval);
    return () => window.clearInterval(timer);
  }, [autoRotate, paused, count, interval]);

  const style = {
    '--usp-bar-background': text(settings, 'backgroundColor') || undefined,
    '--usp-bar-color': text(settings, 'textColor') || undefined,
  } as CSSProperties;
  const current = count > 0 ? active % count : 0;

  return (
    <div
      className={autoRotate ? 'usp-bar usp-bar-rotating' : 'usp-bar'}
      style={style}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <ul className="usp-bar-items" aria-label="Why shop with us">
        {items.map((item, index) => {
          const href = linkHref(item, 'url');
          return (
            <li key={index} className={index === current ? 'usp-bar-item usp-bar-item-active' : 'usp-bar-item'}>
              {href !== '#' ? <a href={href}>{text(item, 'text')}</a> : <span>{text(item, 'text')}</span>}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
