// A button that opens, in its place, a form whose code loads then (a lazy component): a page
// whose form would carry heavy controls (date pickers, a searchable list) shows the rest of
// its first screen without them (DESIGN §6 weight). Focus moves to the form's first field
// once it has loaded, so keyboard and screen-reader users land where the button was.
import { Suspense, useEffect, useRef, useState, type ReactNode, type RefObject } from "react";
import { Button } from "./Button.tsx";
import { Skeleton } from "./Skeleton.tsx";

export function OpenOnRequest({ label, children }: { label: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const frame = useRef<HTMLDivElement>(null);
  if (!open) return <Button onPress={() => setOpen(true)}>{label}</Button>;
  return (
    <div ref={frame}>
      <Suspense fallback={<Skeleton lines={4} />}>
        {children}
        <FocusFirstField within={frame} />
      </Suspense>
    </div>
  );
}

/** Rendered after the form inside the Suspense boundary: its effect runs once the form is shown. */
function FocusFirstField({ within }: { within: RefObject<HTMLDivElement | null> }) {
  useEffect(() => {
    within.current?.querySelector<HTMLElement>("input:not([type=hidden]):not([disabled]), select:not([disabled]), textarea:not([disabled])")?.focus();
  }, [within]);
  return null;
}
