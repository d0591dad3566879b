import type { ReactElement, ReactNode } from 'react';
import * as RadixTooltip from '@radix-ui/react-tooltip';
import './ui.css';

/**
 * One provider for the app: a short delay, and moving between toolbar buttons shows the next tip at once. Tips
 * hold no controls, so they are not hoverable and let the pointer through (ui.css): a tip over the next row's
 * button must not swallow the click meant for it.
 */
export function TooltipProvider({ children }: { children: ReactNode }) {
  return (
    <RadixTooltip.Provider delayDuration={400} disableHoverableContent>
      {children}
    </RadixTooltip.Provider>
  );
}

/**
 * A tooltip on hover and keyboard focus (Radix). The trigger keeps its own accessible name; the tip is its
 * description, so it can say more (the undo button names the step it takes back).
 */
export function Tooltip({
  content,
  children,
  side = 'bottom',
}: {
  content: ReactNode;
  children: ReactElement;
  side?: RadixTooltip.TooltipContentProps['side'];
}) {
  return (
    <RadixTooltip.Root>
      <RadixTooltip.Trigger asChild>{children}</RadixTooltip.Trigger>
      <RadixTooltip.Portal>
        <RadixTooltip.Content className="tooltip" side={side} sideOffset={6} collisionPadding={8}>
          {content}
          <RadixTooltip.Arrow className="tooltip-arrow" />
        </RadixTooltip.Content>
      </RadixTooltip.Portal>
    </RadixTooltip.Root>
  );
}

/** A control that may be disabled: its tooltip says why while it is, and there is none otherwise. */
export function ReasonTooltip({ reason, children }: { reason: string | null; children: ReactElement }) {
  return reason === null ? children : <Tooltip content={reason}>{children}</Tooltip>;
}
