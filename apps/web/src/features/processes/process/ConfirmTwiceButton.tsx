import { Button, Group, Text, type ButtonProps } from '@mantine/core';
import { useEffect, useRef, useState, type ReactNode } from 'react';

export interface ConfirmTwiceButtonProps extends Omit<ButtonProps, 'onClick' | 'loading'> {
  children: ReactNode;
  /** shown after the first click, e.g. 'Click again to create a new unreleased version' */
  prompt: string;
  /** runs on the second click; it reports its own errors */
  onConfirm(): Promise<unknown>;
  /** the button stays busy at least this long, so a fast answer does not flicker */
  minBusyMs?: number;
}

function wait(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** A button that acts on the second click; the first one asks, with a Cancel (spec 2 New version). */
export function ConfirmTwiceButton({ children, prompt, onConfirm, minBusyMs = 0, ...buttonProps }: ConfirmTwiceButtonProps) {
  const [isArmed, setIsArmed] = useState(false);
  const [isBusy, setIsBusy] = useState(false);
  // the busy wait may end after the button is gone (the page moved on): nothing to update then
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const click = async () => {
    if (!isArmed) {
      setIsArmed(true);
      return;
    }
    setIsArmed(false);
    setIsBusy(true);
    await Promise.allSettled([onConfirm(), wait(minBusyMs)]);
    if (mounted.current) setIsBusy(false);
  };

  return (
    <Group gap="xs" wrap="nowrap">
      {isArmed && (
        <>
          <Text size="sm" c="orange.8" role="status">
            {prompt}
          </Text>
          <Button variant="subtle" color="gray" onClick={() => setIsArmed(false)}>
            Cancel
          </Button>
        </>
      )}
      <Button {...buttonProps} color={isArmed ? 'orange' : buttonProps.color} loading={isBusy} onClick={() => void click()}>
        {children}
      </Button>
    </Group>
  );
}
