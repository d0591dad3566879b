import { ArrowDown, ArrowUp } from 'lucide-react';
import { Tooltip } from './Tooltip';

export type MoveDirection = 'up' | 'down';

/**
 * Move up and Move down for one item of a list, disabled at its ends. `name` says which item in the buttons'
 * names ("Move CTA 2 up"); data-action lets focus find the same button on the item once it has moved.
 */
export function MoveButtons({
  name,
  index,
  count,
  onMove,
}: {
  name: string;
  index: number;
  count: number;
  onMove(direction: MoveDirection): void;
}) {
  return (
    <>
      <Tooltip content="Move up">
        <button
          type="button"
          data-action="up"
          disabled={index === 0}
          onClick={() => onMove('up')}
          aria-label={`Move ${name} up`}
        >
          <ArrowUp size={14} aria-hidden />
        </button>
      </Tooltip>
      <Tooltip content="Move down">
        <button
          type="button"
          data-action="down"
          disabled={index === count - 1}
          onClick={() => onMove('down')}
          aria-label={`Move ${name} down`}
        >
          <ArrowDown size={14} aria-hidden />
        </button>
      </Tooltip>
    </>
  );
}
