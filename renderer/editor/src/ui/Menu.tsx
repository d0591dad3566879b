import { createContext, useContext, useRef, type ReactElement, type ReactNode } from 'react';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import './ui.css';

/** Runs an item's action once the menu has closed. */
const RunAfterClose = createContext<(action: () => void) => void>((action) => action());

/**
 * A dropdown menu (Radix: arrow keys, typeahead, Escape). An item's action runs after the menu has closed and
 * given focus back to its trigger, so a dialog the item opens returns focus to the trigger when it closes.
 */
export function Menu({ trigger, label, children }: { trigger: ReactElement; label: string; children: ReactNode }) {
  const pending = useRef<(() => void) | null>(null);
  const runAfterClose = (action: () => void) => {
    pending.current = action;
  };
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger asChild>{trigger}</DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          className="menu"
          align="end"
          sideOffset={4}
          collisionPadding={8}
          aria-label={label}
          onCloseAutoFocus={() => {
            // Radix focuses the trigger after this handler; the action's state change renders after that.
            const action = pending.current;
            pending.current = null;
            action?.();
          }}
        >
          <RunAfterClose.Provider value={runAfterClose}>{children}</RunAfterClose.Provider>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

export function MenuItem({
  icon,
  children,
  onSelect,
  disabled,
  title,
}: {
  icon?: ReactNode;
  children: ReactNode;
  onSelect(): void;
  disabled?: boolean;
  title?: string;
}) {
  const runAfterClose = useContext(RunAfterClose);
  return (
    <DropdownMenu.Item className="menu-item" disabled={disabled} title={title} onSelect={() => runAfterClose(onSelect)}>
      {icon && (
        <span className="menu-icon" aria-hidden>
          {icon}
        </span>
      )}
      {children}
    </DropdownMenu.Item>
  );
}

export const MenuSeparator = () => <DropdownMenu.Separator className="menu-separator" />;
